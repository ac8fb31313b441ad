import Foundation

/// A recipient of a document, as the server describes it: who they are, where they sign,
/// and how far they got.
public struct DocumentRecipient: Codable, Hashable, Sendable {
    /// The identifier given at creation, such as `"1"`.
    public var id: String?
    /// The recipient's name.
    public var name: String?
    /// The recipient's e-mail address.
    public var email: String
    /// Where the recipient signs, from an e-mail or a browser.
    public var signingURL: String?
    /// Where the recipient signs inside your app (see ``SignWellEmbed``), when the document
    /// was created with ``CreateDocumentRequest/embeddedSigning``.
    public var embeddedSigningURL: String?
    /// How far the recipient got, such as `sent`, `viewed`, `signed` or `declined`.
    public var status: String?
    /// The recipient's turn when the document applies a signing order, from 1.
    public var signingOrder: Int?
    /// For a document from a template, the placeholder this recipient took.
    public var placeholderName: String?
    /// The recipient's role, for a document from a template.
    public var role: String?
    /// The subject of this recipient's e-mail.
    public var subject: String?
    /// The message of this recipient's e-mail.
    public var message: String?
    /// The e-mail's body as sent.
    public var body: String?
    /// The code the recipient must enter before signing.
    public var passcode: String?
    /// Whether this recipient gets e-mails.
    public var sendEmail: Bool?
    /// Minutes waited before e-mailing this recipient.
    public var sendEmailDelay: Int?
    /// Whether an e-mail to this recipient bounced.
    public var bounced: Bool?
    /// Why it bounced.
    public var bouncedDetails: String?
    /// Files this recipient is asked to upload, with their ``AttachmentRequest/url`` once uploaded.
    public var attachmentRequests: [AttachmentRequest]?
    /// When the recipient first opened the document.
    public var viewedAt: Date?
    /// When the recipient signed.
    public var signedAt: Date?
    /// When the recipient declined.
    public var declinedAt: Date?
    /// The reason the recipient gave for declining.
    public var declineReason: String?

    /// Describes a recipient.
    public init(id: String?, name: String?, email: String) {
        self.id = id
        self.name = name
        self.email = email
    }

    private enum CodingKeys: String, CodingKey {
        case id, name, email, status, role, subject, message, body, passcode, bounced
        case signingURL = "signing_url"
        case embeddedSigningURL = "embedded_signing_url"
        case signingOrder = "signing_order"
        case placeholderName = "placeholder_name"
        case sendEmail = "send_email"
        case sendEmailDelay = "send_email_delay"
        case bouncedDetails = "bounced_details"
        case attachmentRequests = "attachment_requests"
        case viewedAt = "viewed_at"
        case signedAt = "signed_at"
        case declinedAt = "declined_at"
        case declineReason = "decline_reason"
    }
}
