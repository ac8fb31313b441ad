import Foundation
import Mail

/// The message everyone who took part in a document gets once it is completed: a link to the
/// completed PDF, and the PDF itself when it is small enough to mail.
struct CompletedMailMessage: Sendable {
    /// The addressee's name, when known.
    let name: String?
    /// The addressee's address.
    let email: String
    let document: SigningDocument
    /// The link to the completed PDF.
    let link: String
    /// Until when the link works.
    let linkExpiry: Date
    /// The completed PDF, or `nil` when it is too large to mail.
    let file: CompletedFile?

    /// The subject.
    var subject: String {
        "Completed: " + (document.quotedName ?? "a document you signed")
    }

    /// The plain-text body.
    var text: String {
        let documentName = document.quotedName ?? "The document"
        var paragraphs = ["Hello\(name.map { " \($0)" } ?? ""),", "\(documentName) has been signed by everyone."]
        if file != nil { paragraphs.append("The signed PDF is attached.") }
        paragraphs.append(
            "Download it until \(linkExpiry.formatted(Date.ISO8601FormatStyle().year().month().day())) here:\n\(link)")
        return paragraphs.joined(separator: "\n\n") + "\n"
    }

    /// The message from `from` to the addressee.
    ///
    /// - Throws: ``Mail/MailMessageError`` for an address or a name that cannot be mailed.
    func message(from: MailAddress) throws -> MailMessage {
        let attachments = try file.map { [try MailAttachment(filename: $0.name, contentType: $0.mediaType, data: $0.bytes)] } ?? []
        return try MailMessage(
            from: from, to: [try MailAddress(email, displayName: name)], subject: subject.split(whereSeparator: \.isNewline).joined(separator: " "),
            text: text, attachments: attachments
        )
    }
}
