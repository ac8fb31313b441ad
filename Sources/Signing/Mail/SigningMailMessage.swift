import Foundation
import Mail

/// The text of a message to a recipient: the document's or the recipient's own subject and
/// message when the sender gave them, and the recipient's signing link.
struct SigningMailMessage: Sendable {
    /// What the message asks.
    enum Kind: Sendable {
        /// The recipient's turn to sign has come.
        case request
        /// The sender reminds the recipient that the document waits for them.
        case reminder
    }

    let kind: Kind
    let document: SigningDocument
    let recipient: DocumentRecipient
    /// The recipient's signing link.
    let link: String

    /// The message about `document` to `recipient`.
    init(_ kind: Kind, document: SigningDocument, recipient: DocumentRecipient, link: String) {
        self.kind = kind
        self.document = document
        self.recipient = recipient
        self.link = link
    }

    /// The subject: the sender's, else one that names the document.
    var subject: String {
        let given = (recipient.subject ?? document.subject).flatMap { $0.isEmpty ? nil : $0 }
        let subject = given ?? "Please sign \(documentName)"
        return kind == .reminder ? "Reminder: \(subject)" : subject
    }

    /// The plain-text body.
    var text: String {
        var paragraphs = ["Hello \(recipient.name),"]
        if kind == .reminder { paragraphs.append("This is a reminder: \(documentName) is still waiting for your signature.") }
        if let message = (recipient.message ?? document.message), !message.isEmpty { paragraphs.append(message) }
        paragraphs.append("Review and sign \(documentName) here:\n\(link)")
        paragraphs.append("The link is yours alone: please do not forward this message.")
        return paragraphs.joined(separator: "\n\n") + "\n"
    }

    /// The message from `from` to the recipient, dated `date`.
    ///
    /// - Throws: ``Mail/MailMessageError`` for a recipient address or subject that cannot be mailed.
    func message(from: MailAddress, date: Date = Date()) throws -> MailMessage {
        // A subject written by the sender may hold line breaks; a header may not.
        let subject = subject.split(whereSeparator: \.isNewline).joined(separator: " ")
        return try MailMessage(
            from: from, to: [try MailAddress(recipient.email, displayName: recipient.name)], subject: subject, text: text, date: date)
    }

    /// The document's name in a sentence.
    private var documentName: String {
        document.quotedName ?? "a document"
    }
}
