import HTTPTypes
import Foundation
import HTTPSupport

/// A create-document request (`DocumentRequest`) read and checked: every problem of the
/// request is reported at once as `422 {"errors": {path: [message]}}`.
struct DocumentRequest: Sendable {
    /// A file and where its bytes come from.
    struct File: Sendable {
        var name: String
        var source: FileSource
    }

    /// A recipient as requested.
    struct Recipient: Sendable {
        var id: String
        var name: String
        var email: String
        var subject: String?
        var message: String?
        var passcode: String?
        var sendEmail: Bool
        var sendEmailDelay: Int
    }

    var name: String?
    var subject: String?
    var message: String?
    var files: [File]
    var recipients: [Recipient]
    /// Fields by file; `pageIndex` and `id` are set when the files are known.
    var fields: [[DocumentField]]
    var draft: Bool
    var testMode: Bool
    var embeddedSigning: Bool
    var embeddedSigningNotifications: Bool
    var applySigningOrder: Bool
    var allowDecline: Bool
    var allowReassign: Bool
    var withSignaturePage: Bool
    var textTags: Bool
    var reminders: Bool
    var expiresIn: Int?
    var language: String?
    var redirectURL: String?
    var declineRedirectURL: String?
    var customRequesterName: String?
    var customRequesterEmail: String?
    var apiApplicationID: String?
    var metadata: [String: String]
    var labels: [DocumentLabel]
    var copiedContacts: [CopiedContact]
    var attachmentRequests: [AttachmentRequest]
    var checkboxGroups: [CheckboxGroup]

    /// The languages SignWell offers.
    static let languages: Set<String> = ["en", "fr", "es", "de", "pl", "pt", "da", "nl", "it", "ru", "sv", "ar", "el", "tr", "sk"]

    /// Reads `body`.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 422 with every problem found.
    init(body: [String: JSONValue]) throws {
        let reader = RequestReader()
        name = reader.string(body, "name", at: "name", maxLength: 255)
        subject = reader.string(body, "subject", at: "subject", maxLength: 255)
        message = reader.string(body, "message", at: "message")
        files = reader.objects(body, "files", at: "files", required: true).compactMap { path, file in
            let name = reader.string(file, "name", at: "\(path).name", required: true, maxLength: 255)
            let url = reader.string(file, "file_url", at: "\(path).file_url", maxLength: 4096)
            let base64 = reader.string(file, "file_base64", at: "\(path).file_base64", maxLength: Int.max)
            switch (url, base64) {
            case (let url?, nil): return name.map { File(name: $0, source: .url(url)) }
            case (nil, let base64?): return name.map { File(name: $0, source: .base64(base64)) }
            case (nil, nil): reader.fail(path, "needs file_url or file_base64")
            case (_?, _?): reader.fail(path, "must have file_url or file_base64, not both")
            }
            return nil
        }
        recipients = Self.recipients(body, reader: reader)
        draft = reader.bool(body, "draft", at: "draft", default: false)
        testMode = reader.bool(body, "test_mode", at: "test_mode", default: false)
        embeddedSigning = reader.bool(body, "embedded_signing", at: "embedded_signing", default: false)
        embeddedSigningNotifications = reader.bool(body, "embedded_signing_notifications", at: "embedded_signing_notifications", default: false)
        applySigningOrder = reader.bool(body, "apply_signing_order", at: "apply_signing_order", default: false)
        allowDecline = reader.bool(body, "allow_decline", at: "allow_decline", default: true)
        allowReassign = reader.bool(body, "allow_reassign", at: "allow_reassign", default: true)
        withSignaturePage = reader.bool(body, "with_signature_page", at: "with_signature_page", default: false)
        textTags = reader.bool(body, "text_tags", at: "text_tags", default: false)
        reminders = reader.bool(body, "reminders", at: "reminders", default: true)
        expiresIn = reader.integer(body, "expires_in", at: "expires_in", in: 1...365)
        language = reader.string(body, "language", at: "language")
        if let language, !Self.languages.contains(language) {
            reader.fail("language", "must be one of: " + Self.languages.sorted().joined(separator: ", "))
        }
        redirectURL = reader.string(body, "redirect_url", at: "redirect_url", maxLength: 2048)
        declineRedirectURL = reader.string(body, "decline_redirect_url", at: "decline_redirect_url", maxLength: 2048)
        for (key, value) in [("redirect_url", redirectURL), ("decline_redirect_url", declineRedirectURL)] {
            if let value, !Self.isWebURL(value) { reader.fail(key, "must be an http or https URL") }
        }
        customRequesterName = reader.string(body, "custom_requester_name", at: "custom_requester_name", maxLength: 255)
        customRequesterEmail = reader.string(body, "custom_requester_email", at: "custom_requester_email", maxLength: 255)
        apiApplicationID = reader.string(body, "api_application_id", at: "api_application_id", maxLength: 64)
        metadata = Self.metadata(body, reader: reader)
        labels = reader.objects(body, "labels", at: "labels").compactMap { path, label in
            reader.string(label, "name", at: "\(path).name", required: true, maxLength: 255).map { DocumentLabel(id: UUID().uuidString.lowercased(), name: $0) }
        }
        copiedContacts = reader.objects(body, "copied_contacts", at: "copied_contacts").compactMap { path, contact in
            let name = reader.string(contact, "name", at: "\(path).name", maxLength: 255)
            return reader.string(contact, "email", at: "\(path).email", required: true, maxLength: 255).map {
                CopiedContact(id: UUID().uuidString.lowercased(), name: name, email: $0)
            }
        }
        let recipientIDs = Set(recipients.map(\.id))
        attachmentRequests = reader.objects(body, "attachment_requests", at: "attachment_requests").compactMap { path, request in
            let name = reader.string(request, "name", at: "\(path).name", required: true, maxLength: 255)
            let recipientID = reader.string(request, "recipient_id", at: "\(path).recipient_id", required: true)
            if let recipientID, !recipientIDs.contains(recipientID) { reader.fail("\(path).recipient_id", "is not the id of a recipient") }
            guard let name, let recipientID else { return nil }
            return AttachmentRequest(name: name, recipientID: recipientID, required: reader.bool(request, "required", at: "\(path).required", default: true))
        }
        checkboxGroups = Self.checkboxGroups(body, recipientIDs: recipientIDs, reader: reader)
        fields = FieldRequest.fields(body, recipientIDs: recipientIDs, defaultRecipient: recipients.first?.id, reader: reader)
        if fields.count > files.count, !files.isEmpty {
            reader.fail("fields", "has \(fields.count) lists of fields but there are \(files.count) files")
        }
        if !draft && !withSignaturePage && !textTags && fields.allSatisfy(\.isEmpty) && reader.errors.isEmpty {
            reader.fail("fields", "can't be blank unless with_signature_page or text_tags is set, or the document is a draft")
        }
        try reader.throwIfFailed()
    }

    private static func recipients(_ body: [String: JSONValue], reader: RequestReader) -> [Recipient] {
        var seen: Set<String> = []
        return reader.objects(body, "recipients", at: "recipients", required: true).compactMap { path, recipient in
            let id = reader.string(recipient, "id", at: "\(path).id", required: true, maxLength: 64)
            let email = reader.string(recipient, "email", at: "\(path).email", required: true, maxLength: 255)
            if let email, !isEmail(email) { reader.fail("\(path).email", "is not an email address") }
            if let id, !seen.insert(id).inserted { reader.fail("\(path).id", "is used by another recipient") }
            let name = reader.string(recipient, "name", at: "\(path).name", maxLength: 255)
            let delay = reader.integer(recipient, "send_email_delay", at: "\(path).send_email_delay", in: 0...60) ?? 0
            guard let id, let email else { return nil }
            return Recipient(
                id: id, name: (name?.isEmpty == false ? name : nil) ?? email, email: email,
                subject: reader.string(recipient, "subject", at: "\(path).subject", maxLength: 255),
                message: reader.string(recipient, "message", at: "\(path).message"),
                passcode: reader.string(recipient, "passcode", at: "\(path).passcode", maxLength: 255),
                sendEmail: reader.bool(recipient, "send_email", at: "\(path).send_email", default: false),
                sendEmailDelay: delay
            )
        }
    }

    private static func metadata(_ body: [String: JSONValue], reader: RequestReader) -> [String: String] {
        switch body["metadata"] {
        case .object(let members)?:
            var result: [String: String] = [:]
            for (key, value) in members {
                switch value {
                case .string(let text): result[key] = text
                case .integer(let number): result[key] = String(number)
                case .number(let number): result[key] = String(number)
                case .bool(let flag): result[key] = String(flag)
                default: reader.fail("metadata.\(key)", "must be a string")
                }
            }
            return result
        case nil, .null?: return [:]
        default:
            reader.fail("metadata", "must be an object of strings")
            return [:]
        }
    }

    private static func checkboxGroups(_ body: [String: JSONValue], recipientIDs: Set<String>, reader: RequestReader) -> [CheckboxGroup] {
        reader.objects(body, "checkbox_groups", at: "checkbox_groups").compactMap { path, group in
            let name = reader.string(group, "group_name", at: "\(path).group_name", required: true, maxLength: 255)
            let recipientID = reader.string(group, "recipient_id", at: "\(path).recipient_id", required: true)
            if let recipientID, !recipientIDs.contains(recipientID) { reader.fail("\(path).recipient_id", "is not the id of a recipient") }
            let ids = reader.array(group, "checkbox_ids", at: "\(path).checkbox_ids", required: true).compactMap(\.stringValue)
            let validation = reader.string(group, "validation", at: "\(path).validation")
            if let validation, !["minimum", "maximum", "range", "exact"].contains(validation) {
                reader.fail("\(path).validation", "must be one of: minimum, maximum, range, exact")
            }
            guard let name, let recipientID else { return nil }
            return CheckboxGroup(
                id: UUID().uuidString.lowercased(), groupName: name, recipientID: recipientID, checkboxIDs: ids, validation: validation,
                required: reader.bool(group, "required", at: "\(path).required", default: false),
                minValue: reader.integer(group, "min_value", at: "\(path).min_value", in: 0...1000),
                maxValue: reader.integer(group, "max_value", at: "\(path).max_value", in: 0...1000),
                exactValue: reader.integer(group, "exact_value", at: "\(path).exact_value", in: 0...1000)
            )
        }
    }

    /// A plausible email address: one `@`, something before it, a dot after it, no spaces.
    static func isEmail(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        return parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".") && !text.contains(where: \.isWhitespace)
    }

    /// An absolute http or https URL.
    static func isWebURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), url.host?.isEmpty == false else { return false }
        return scheme == "http" || scheme == "https"
    }
}
