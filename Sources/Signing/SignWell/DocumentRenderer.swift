import Foundation
import HTTPSupport
import HTTPTypes
import JSON

/// Writes documents as the SignWell API returns them (`DocumentResponse`), with the types the
/// official SDKs insist on: `width` and `height` as strings, `page` as an integer, every
/// recipient with a name and an email, `files[].pages_number` always present. Absent values are
/// left out rather than written as `null`.
struct DocumentRenderer: Sendable {
    /// Makes the recipients' signing links.
    let links: SigningLinks

    /// The document as a `DocumentResponse` object.
    func render(_ document: SigningDocument) -> JSONValue {
        var object: [String: JSONValue] = [
            "id": .string(document.id),
            "test_mode": .bool(document.testMode),
            "status": .string(document.status.rawValue),
            "archived": .bool(false),
            "reminders": .bool(document.reminders),
            "embedded_signing": .bool(document.embeddedSigning),
            "embedded_signing_notifications": .bool(document.embeddedSigningNotifications),
            "apply_signing_order": .bool(document.applySigningOrder),
            "allow_decline": .bool(document.allowDecline),
            "allow_reassign": .bool(document.allowReassign),
            "with_signature_page": .bool(document.withSignaturePage),
            "text_tags": .bool(document.textTags),
            "metadata": .object(document.metadata.mapValues { .string($0) }),
            "created_at": .string(Self.timestamp(document.createdAt)),
            "updated_at": .string(Self.timestamp(document.updatedAt)),
            "files": .array(document.files.map { .object(["name": .string($0.name), "pages_number": .integer($0.pageCount)]) }),
            "recipients": .array(document.recipients.enumerated().map { render($1, index: $0, of: document) }),
            "fields": .array(
                document.files.indices.map { fileIndex in
                    .array(document.fields.filter { $0.fileIndex == fileIndex }.map { render($0, of: document) })
                }),
            "labels": .array(document.labels.map { .object(["id": .string($0.id), "name": .string($0.name)]) }),
            "copied_contacts": .array(
                document.copiedContacts.map { contact in
                    var entry: [String: JSONValue] = ["id": .string(contact.id), "email": .string(contact.email)]
                    entry["name"] = contact.name.map(JSONValue.string)
                    return .object(entry)
                }),
            "attachment_requests": .array(document.attachmentRequests.map(DocumentPartsRenderer.document.render)),
            "checkbox_groups": .array(document.checkboxGroups.map(DocumentPartsRenderer.document.render)),
        ]
        let optionalTexts: [(String, String?)] = [
            ("name", document.name), ("subject", document.subject), ("message", document.message),
            ("redirect_url", document.redirectURL), ("decline_redirect_url", document.declineRedirectURL),
            ("language", document.language), ("decline_message", document.declineMessage),
            ("custom_requester_name", document.customRequesterName), ("custom_requester_email", document.customRequesterEmail),
            ("api_application_id", document.apiApplicationID), ("template_id", document.templateIDs.first),
            ("completed_at", document.completedAt.map(Self.timestamp)),
        ]
        for (key, value) in optionalTexts {
            if let value { object[key] = .string(value) }
        }
        if !document.templateIDs.isEmpty { object["template_ids"] = .array(document.templateIDs.map(JSONValue.string)) }
        if let expiresIn = document.expiresIn { object["expires_in"] = .integer(expiresIn) }
        if let notarization = document.notarization {
            object["notarization"] = .object([
                "report_id": .string(notarization.reportID),
                "sha256": .string(notarization.sha256),
                "verify_url": .string(document.baseURL + notarization.verifyPath),
                "tsr_url": .string(document.baseURL + notarization.timeStampPath),
                "tsa_certificate_url": .string(document.baseURL + "/.well-known/chancery/tsa-root.pem"),
            ])
        }
        return .object(object)
    }

    /// A recipient, with its signing links.
    private func render(_ recipient: DocumentRecipient, index: Int, of document: SigningDocument) -> JSONValue {
        let url = signingURL(document: document, recipientIndex: index)
        var object: [String: JSONValue] = [
            "id": .string(recipient.id),
            "name": .string(recipient.name),
            "email": .string(recipient.email),
            "send_email": .bool(recipient.sendEmail),
            "send_email_delay": .integer(recipient.sendEmailDelay),
            "signing_order": .integer(recipient.signingOrder),
            "status": .string(recipient.status.rawValue),
            "bounced": .bool(false),
            "attachment_requests": DocumentPartsRenderer.document.attachmentRequests(document.attachmentRequests, of: recipient.id),
        ]
        if document.status != .draft {
            object["signing_url"] = .string(url)
            object["embedded_signing_url"] = .string(url)
        }
        let optionalTexts: [(String, String?)] = [
            ("subject", recipient.subject), ("message", recipient.message),
            ("viewed_at", recipient.viewedAt.map(Self.timestamp)), ("signed_at", recipient.signedAt.map(Self.timestamp)),
            ("declined_at", recipient.declinedAt.map(Self.timestamp)), ("decline_reason", recipient.declineReason),
        ]
        for (key, value) in optionalTexts {
            if let value { object[key] = .string(value) }
        }
        return .object(object)
    }

    /// The absolute signing link of recipient `recipientIndex`.
    func signingURL(document: SigningDocument, recipientIndex: Int) -> String {
        let token = links.token(documentID: document.id, recipientIndex: recipientIndex, nonce: document.recipients[recipientIndex].linkNonce)
        return "\(document.baseURL)/signwell/sign/\(token)"
    }

    /// A field as `DocumentResponseFieldsInnerInner`, with its recipient's name and email.
    private func render(_ field: DocumentField, of document: SigningDocument) -> JSONValue {
        var object = DocumentPartsRenderer.document.render(field, placeholderName: field.placeholderName)
        if let recipient = document.recipient(field.recipientID) {
            object["recipient"] = .object(["name": .string(recipient.name), "email": .string(recipient.email)])
        }
        return .object(object)
    }

    /// A coordinate: an integer when it is whole, as clients sent it.
    static func number(_ value: Double) -> JSONValue {
        value.rounded() == value && abs(value) < 1e15 ? .integer(Int(value)) : .number(value)
    }

    /// A width or height as SignWell writes it: a string, without a fraction when whole.
    static func dimension(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// A time in ISO 8601 with milliseconds, UTC.
    static func timestamp(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
