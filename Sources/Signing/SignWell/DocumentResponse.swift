import Foundation
import HTTPSupport
import Hummingbird
import NotaryProof

/// A document as the SignWell API returns it (`DocumentResponse`), with the types the official
/// SDKs insist on: `width` and `height` as strings, `page` as an integer, every recipient with
/// a name and an email, `files[].pages_number` always present. Absent values are left out
/// rather than written as `null`; `fields` holds one list per file.
struct DocumentResponse: ResponseEncodable, Sendable {
    /// A file of the document.
    struct File: Encodable, Sendable {
        /// The file's name.
        let name: String
        /// Its number of pages.
        let pagesNumber: Int

        enum CodingKeys: String, CodingKey {
            case name
            case pagesNumber = "pages_number"
        }
    }

    /// A label.
    struct Label: Encodable, Sendable {
        /// The label's id.
        let id: String
        /// Its text.
        let name: String
    }

    /// Someone copied on the completed document.
    struct CopiedContact: Encodable, Sendable {
        /// The contact's id.
        let id: String
        /// Their email address.
        let email: String
        /// Their name, if given.
        let name: String?
    }

    /// Where to check the notarization of the completed document.
    struct Notarization: Encodable, Sendable {
        /// The Notary's report.
        let reportID: String
        /// The SHA-256 of the completed PDF, in hex.
        let sha256: String
        /// The public verify page.
        let verifyURL: String
        /// The RFC 3161 time stamp.
        let timeStampURL: String
        /// The certificate of the time-stamp authority.
        let timeStampAuthorityCertificateURL: String

        enum CodingKeys: String, CodingKey {
            case sha256
            case reportID = "report_id"
            case verifyURL = "verify_url"
            case timeStampURL = "tsr_url"
            case timeStampAuthorityCertificateURL = "tsa_certificate_url"
        }
    }

    /// The document's id.
    let id: String
    /// Whether it is a test document.
    let testMode: Bool
    /// Where it stands.
    let status: String
    /// Whether it is archived: never.
    let archived: Bool
    /// Whether recipients get reminders.
    let reminders: Bool
    /// Whether recipients sign in the sender's site.
    let embeddedSigning: Bool
    /// Whether embedded signers get emails too.
    let embeddedSigningNotifications: Bool
    /// Whether recipients sign in turn.
    let applySigningOrder: Bool
    /// Whether recipients may decline.
    let allowDecline: Bool
    /// Whether recipients may hand their part on.
    let allowReassign: Bool
    /// Whether the completed PDF gets a signature page.
    let withSignaturePage: Bool
    /// Whether the files' text tags made fields.
    let textTags: Bool
    /// The client's metadata.
    let metadata: [String: String]
    /// When it was made.
    let createdAt: String
    /// When it last changed.
    let updatedAt: String
    /// Its files, in order.
    let files: [File]
    /// The recipients, in order.
    var recipients: [RecipientResponse]
    /// The fields, one list per file.
    let fields: [[FieldResponse]]
    /// Its labels.
    let labels: [Label]
    /// The people copied on the completed document.
    let copiedContacts: [CopiedContact]
    /// What the recipients are asked to attach.
    let attachmentRequests: [AttachmentRequestResponse]
    /// Its checkbox groups.
    let checkboxGroups: [CheckboxGroupResponse]
    /// Its name.
    let name: String?
    /// The subject of its emails.
    let subject: String?
    /// The message of its emails.
    let message: String?
    /// Where signers go once they have signed.
    let redirectURL: String?
    /// Where signers go once they have declined.
    let declineRedirectURL: String?
    /// The language of its emails and pages.
    let language: String?
    /// Why the document was declined.
    let declineMessage: String?
    /// The sender's name as the emails show it.
    let customRequesterName: String?
    /// The sender's email address as the emails show it.
    let customRequesterEmail: String?
    /// The API application it belongs to.
    let apiApplicationID: String?
    /// The first template the document was made from.
    let templateID: String?
    /// The templates the document was made from, `nil` when none.
    let templateIDs: [String]?
    /// When every recipient had signed.
    let completedAt: String?
    /// The days until it expires.
    let expiresIn: Int?
    /// Its notarization, once completed and notarized.
    let notarization: Notarization?
    /// Chancery's addition: whether the document's recipients are mailed (their requests to
    /// sign, reminders, the completed document); `false` when the server has no SMTP server,
    /// for a draft, and when the document is signed embedded and no recipient's `send_email`
    /// is set.
    let emailSent: Bool

    enum CodingKeys: String, CodingKey {
        case id, status, archived, reminders, metadata, files, recipients, fields, labels, name, subject, message, language, notarization
        case testMode = "test_mode"
        case embeddedSigning = "embedded_signing"
        case embeddedSigningNotifications = "embedded_signing_notifications"
        case applySigningOrder = "apply_signing_order"
        case allowDecline = "allow_decline"
        case allowReassign = "allow_reassign"
        case withSignaturePage = "with_signature_page"
        case textTags = "text_tags"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case copiedContacts = "copied_contacts"
        case attachmentRequests = "attachment_requests"
        case checkboxGroups = "checkbox_groups"
        case redirectURL = "redirect_url"
        case declineRedirectURL = "decline_redirect_url"
        case declineMessage = "decline_message"
        case customRequesterName = "custom_requester_name"
        case customRequesterEmail = "custom_requester_email"
        case apiApplicationID = "api_application_id"
        case templateID = "template_id"
        case templateIDs = "template_ids"
        case completedAt = "completed_at"
        case expiresIn = "expires_in"
        case emailSent = "email_sent"
    }

    /// `document`, whose recipients' signing links `signingURL` makes from their index, and
    /// are mailed or not as `emailSent` says.
    init(_ document: SigningDocument, emailSent: Bool, signingURL: (Int) -> String) {
        id = document.id
        self.emailSent = emailSent
        testMode = document.testMode
        status = document.status.rawValue
        archived = false
        reminders = document.reminders
        embeddedSigning = document.embeddedSigning
        embeddedSigningNotifications = document.embeddedSigningNotifications
        applySigningOrder = document.applySigningOrder
        allowDecline = document.allowDecline
        allowReassign = document.allowReassign
        withSignaturePage = document.withSignaturePage
        textTags = document.textTags
        metadata = document.metadata
        createdAt = DocumentRenderer.timestamp(document.createdAt)
        updatedAt = DocumentRenderer.timestamp(document.updatedAt)
        files = document.files.map { File(name: $0.name, pagesNumber: $0.pageCount) }
        recipients = document.recipients.enumerated().map { RecipientResponse($1, of: document, signingURL: signingURL($0)) }
        fields = document.files.indices.map { fileIndex in
            document.fields.filter { $0.fileIndex == fileIndex }.map { field in
                FieldResponse(field, for: .recipient, placeholderName: field.placeholderName, recipient: document.recipient(field.recipientID))
            }
        }
        labels = document.labels.map { Label(id: $0.id, name: $0.name) }
        copiedContacts = document.copiedContacts.map { CopiedContact(id: $0.id, email: $0.email, name: $0.name) }
        attachmentRequests = document.attachmentRequests.map { AttachmentRequestResponse($0, for: .recipient) }
        checkboxGroups = document.checkboxGroups.map { CheckboxGroupResponse($0, for: .recipient) }
        name = document.name
        subject = document.subject
        message = document.message
        redirectURL = document.redirectURL
        declineRedirectURL = document.declineRedirectURL
        language = document.language
        declineMessage = document.declineMessage
        customRequesterName = document.customRequesterName
        customRequesterEmail = document.customRequesterEmail
        apiApplicationID = document.apiApplicationID
        templateID = document.templateIDs.first
        templateIDs = document.templateIDs.isEmpty ? nil : document.templateIDs
        completedAt = document.completedAt.map(DocumentRenderer.timestamp)
        expiresIn = document.expiresIn
        notarization = document.notarization.map { receipt in
            Notarization(
                reportID: receipt.reportID, sha256: receipt.sha256, verifyURL: document.baseURL + receipt.verifyPath,
                timeStampURL: document.baseURL + receipt.timeStampPath,
                timeStampAuthorityCertificateURL: document.baseURL + "/.well-known/chancery/tsa-root.pem"
            )
        }
    }

    /// The document as a `DocumentFromTemplateResponse`: each recipient with `placeholder_name`,
    /// the placeholder of the first of their fields that has one.
    func fromTemplates(_ document: SigningDocument) -> DocumentResponse {
        var response = self
        for index in response.recipients.indices {
            let id = response.recipients[index].id
            response.recipients[index].placeholderName =
                document.fields.first { $0.recipientID == id && $0.placeholderName != nil }?.placeholderName
        }
        return response
    }
}
