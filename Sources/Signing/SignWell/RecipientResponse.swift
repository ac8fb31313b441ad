import Foundation

/// A document's recipient as the SignWell API returns it, with a name and an email always, its
/// attachment requests (without its id), and its signing links once the document is sent.
/// A document made from templates names the placeholder the recipient stands for
/// (`placeholder_name`). Absent values are left out rather than written as `null`.
struct RecipientResponse: Encodable, Sendable {
    /// The recipient's id.
    let id: String
    /// Their name.
    let name: String
    /// Their email address.
    let email: String
    /// Whether Chancery emails them.
    let sendEmail: Bool
    /// The delay of that email, in minutes.
    let sendEmailDelay: Int
    /// Their turn when the document applies a signing order.
    let signingOrder: Int
    /// Where they stand.
    let status: String
    /// Whether their email bounced: never, as far as Chancery knows.
    let bounced: Bool
    /// What they are asked to attach.
    let attachmentRequests: [AttachmentRequestResponse]
    /// Their signing link, once the document is sent.
    let signingURL: String?
    /// The same link, for embedded signing.
    let embeddedSigningURL: String?
    /// The subject of their email.
    let subject: String?
    /// The message of their email.
    let message: String?
    /// When they first viewed the document.
    let viewedAt: String?
    /// When they signed.
    let signedAt: String?
    /// When they declined.
    let declinedAt: String?
    /// Why they declined.
    let declineReason: String?
    /// The placeholder they stand for, on a document made from templates.
    var placeholderName: String?

    enum CodingKeys: String, CodingKey {
        case id, name, email, status, bounced, subject, message
        case sendEmail = "send_email"
        case sendEmailDelay = "send_email_delay"
        case signingOrder = "signing_order"
        case attachmentRequests = "attachment_requests"
        case signingURL = "signing_url"
        case embeddedSigningURL = "embedded_signing_url"
        case viewedAt = "viewed_at"
        case signedAt = "signed_at"
        case declinedAt = "declined_at"
        case declineReason = "decline_reason"
        case placeholderName = "placeholder_name"
    }

    /// `recipient` of `document`, whose signing link is `signingURL` (written only once the
    /// document is no longer a draft).
    init(_ recipient: DocumentRecipient, of document: SigningDocument, signingURL: String) {
        let link = document.status == .draft ? nil : signingURL
        id = recipient.id
        name = recipient.name
        email = recipient.email
        sendEmail = recipient.sendEmail
        sendEmailDelay = recipient.sendEmailDelay
        signingOrder = recipient.signingOrder
        status = recipient.status.rawValue
        bounced = false
        attachmentRequests = AttachmentRequestResponse.list(document.attachmentRequests, for: recipient.id)
        self.signingURL = link
        embeddedSigningURL = link
        subject = recipient.subject
        message = recipient.message
        viewedAt = recipient.viewedAt.map(DocumentRenderer.timestamp)
        signedAt = recipient.signedAt.map(DocumentRenderer.timestamp)
        declinedAt = recipient.declinedAt.map(DocumentRenderer.timestamp)
        declineReason = recipient.declineReason
        placeholderName = nil
    }
}
