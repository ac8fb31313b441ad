import CivilTime
import Foundation

/// Makes ``DocumentResponse``s, which need the recipients' signing links, and writes the
/// values the SignWell API spells its own way: timestamps and field dimensions.
struct DocumentRenderer: Sendable {
    /// Makes the recipients' signing links.
    let links: SigningLinks
    /// Whether the server mails recipients (it has an SMTP server).
    var mailsRecipients = false

    /// The document as a `DocumentResponse`.
    func render(_ document: SigningDocument) -> DocumentResponse {
        let emailSent =
            mailsRecipients && document.status != .draft && document.recipients.contains { !document.embeddedSigning || $0.sendEmail }
        return DocumentResponse(document, emailSent: emailSent) { signingURL(document: document, recipientIndex: $0) }
    }

    /// The absolute signing link of recipient `recipientIndex`.
    func signingURL(document: SigningDocument, recipientIndex: Int) -> String {
        let token = links.token(documentID: document.id, recipientIndex: recipientIndex, nonce: document.recipients[recipientIndex].linkNonce)
        return "\(document.baseURL)/signwell/sign/\(token)"
    }

    /// A width or height as SignWell writes it: a string, without a fraction when whole.
    static func dimension(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// A time in ISO 8601 with milliseconds, UTC.
    static func timestamp(_ date: Date) -> String {
        RFC3339Time(date).text(fractionDigits: 3)
    }
}
