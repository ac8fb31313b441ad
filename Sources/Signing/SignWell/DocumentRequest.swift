import Foundation
import HTTPTypes
import JSON

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
        files = reader.files(body)
        var seenRecipientIDs: Set<String> = []
        recipients = reader.objects(body, "recipients", at: "recipients", required: true).compactMap { path, recipient in
            reader.recipient(recipient, at: path, seenIDs: &seenRecipientIDs)
        }
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
        language = reader.language(body)
        redirectURL = reader.webURL(body, "redirect_url")
        declineRedirectURL = reader.webURL(body, "decline_redirect_url")
        customRequesterName = reader.string(body, "custom_requester_name", at: "custom_requester_name", maxLength: 255)
        customRequesterEmail = reader.string(body, "custom_requester_email", at: "custom_requester_email", maxLength: 255)
        apiApplicationID = reader.string(body, "api_application_id", at: "api_application_id", maxLength: 64)
        metadata = reader.metadata(body) ?? [:]
        labels = reader.labels(body) ?? []
        copiedContacts = reader.objects(body, "copied_contacts", at: "copied_contacts").compactMap { path, contact in
            let name = reader.string(contact, "name", at: "\(path).name", maxLength: 255)
            return reader.string(contact, "email", at: "\(path).email", required: true, maxLength: 255).map {
                CopiedContact(id: UUID().uuidString.lowercased(), name: name, email: $0)
            }
        }
        let recipientIDs = Set(recipients.map(\.id))
        attachmentRequests = reader.attachmentRequests(body, recipientKey: "recipient_id", recipientIDs: recipientIDs)
        checkboxGroups = reader.checkboxGroups(body, recipientKey: "recipient_id", recipientIDs: recipientIDs) ?? []
        fields = FieldRequest.fields(body, recipientIDs: recipientIDs, defaultRecipient: recipients.first?.id, reader: reader)
        if fields.count > files.count, !files.isEmpty {
            reader.fail("fields", "has \(fields.count) lists of fields but there are \(files.count) files")
        }
        if !draft && !withSignaturePage && !textTags && fields.allSatisfy(\.isEmpty) && reader.errors.isEmpty {
            reader.fail("fields", "can't be blank unless with_signature_page or text_tags is set, or the document is a draft")
        }
        try reader.throwIfFailed()
    }

    /// An absolute http or https URL.
    static func isWebURL(_ text: String) -> Bool {
        guard let url = URL(string: text), let scheme = url.scheme?.lowercased(), url.host?.isEmpty == false else { return false }
        return scheme == "http" || scheme == "https"
    }
}
