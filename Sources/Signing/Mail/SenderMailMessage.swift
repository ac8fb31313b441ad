import Foundation
import Mail

/// The message a document's sender gets when the document ends without being completed: a
/// recipient declined it, or it expired before everyone had signed.
struct SenderMailMessage: Sendable {
    /// What happened to the document.
    enum Kind: Sendable, Equatable {
        /// The recipient at this index in the document declined to sign.
        case declined(recipientIndex: Int)
        /// The expiry date came before everyone had signed.
        case expired
    }

    let kind: Kind
    let document: SigningDocument
    /// Where the message goes.
    let sender: MailAddress

    /// The subject.
    var subject: String {
        let name = document.quotedName ?? "a document you sent"
        switch kind {
        case .declined: return "Declined: \(name)"
        case .expired: return "Expired: \(name)"
        }
    }

    /// The plain-text body.
    var text: String {
        let documentName = document.quotedName ?? "The document you sent"
        var paragraphs = ["Hello\(sender.displayName.map { " \($0)" } ?? ""),"]
        switch kind {
        case .declined(let index):
            let recipient = document.recipients[index]
            paragraphs.append("\(recipient.name) (\(recipient.email)) declined to sign \(documentName).")
            if let reason = recipient.declineReason, !reason.isEmpty { paragraphs.append("Their reason:\n\(reason)") }
            paragraphs.append("The document will not be completed.")
        case .expired:
            let date = (document.expiresAt ?? Date()).formatted(Date.ISO8601FormatStyle().year().month().day())
            paragraphs.append("\(documentName) expired on \(date) before everyone had signed.")
            let waiting = document.recipients.filter { $0.status != .signed }.map { "- \($0.name) (\($0.email))" }
            if !waiting.isEmpty { paragraphs.append("Still to sign:\n" + waiting.joined(separator: "\n")) }
        }
        return paragraphs.joined(separator: "\n\n") + "\n"
    }

    /// The message from `from` to the sender.
    ///
    /// - Throws: ``Mail/MailMessageError`` for a subject that cannot be mailed.
    func message(from: MailAddress) throws -> MailMessage {
        try MailMessage(from: from, to: [sender], subject: subject.split(whereSeparator: \.isNewline).joined(separator: " "), text: text)
    }
}
