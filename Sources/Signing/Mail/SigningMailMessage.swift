import Foundation
import HTTPSupport
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
    /// The document's API application, whose name and colours the message wears; `nil` for
    /// none.
    let application: APIApplication?

    /// The colours of a message whose document has no API application, or whose application
    /// leaves one out.
    static let standardBranding = SigningBranding(
        primaryColor: "#1f6feb", buttonTextColor: "#ffffff", linkTextColor: "#1f6feb", buttonsBorderRadius: 6)

    /// The message about `document` to `recipient`.
    init(_ kind: Kind, document: SigningDocument, recipient: DocumentRecipient, link: String, application: APIApplication? = nil) {
        self.kind = kind
        self.document = document
        self.recipient = recipient
        self.link = link
        self.application = application
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

    /// The HTML alternative of ``text``, in the application's colours (`signing-mail.mustache`).
    var html: String {
        let branding = application?.branding
        let standard = Self.standardBranding
        return Self.templates.render(
            "signing-mail",
            Context(
                subject: subject, applicationName: application?.name, recipientName: recipient.name, reminder: kind == .reminder,
                message: (recipient.message ?? document.message).flatMap { $0.isEmpty ? nil : $0 }, documentName: documentName,
                link: link, primaryColor: branding?.primaryColor ?? standard.primaryColor ?? "",
                buttonTextColor: branding?.buttonTextColor ?? standard.buttonTextColor ?? "",
                linkColor: branding?.linkTextColor ?? branding?.primaryColor ?? standard.linkTextColor ?? "",
                buttonRadius: branding?.buttonsBorderRadius ?? standard.buttonsBorderRadius ?? 0
            )
        )
    }

    /// The message from `from` to the recipient, dated `date`.
    ///
    /// - Throws: ``Mail/MailMessageError`` for a recipient address or subject that cannot be mailed.
    func message(from: MailAddress, date: Date = Date()) throws -> MailMessage {
        // A subject written by the sender may hold line breaks; a header may not.
        let subject = subject.split(whereSeparator: \.isNewline).joined(separator: " ")
        return try MailMessage(
            from: from, to: [try MailAddress(recipient.email, displayName: recipient.name)], subject: subject, text: text, html: html,
            date: date)
    }

    /// What `signing-mail.mustache` reads.
    private struct Context {
        let subject: String
        let applicationName: String?
        let recipientName: String
        let reminder: Bool
        let message: String?
        let documentName: String
        let link: String
        let primaryColor: String
        let buttonTextColor: String
        let linkColor: String
        let buttonRadius: Int
    }

    /// The message's template.
    private static let templates = PageTemplates(["signing-mail": PackageResources.signing_mail_mustache])

    /// The document's name in a sentence.
    private var documentName: String {
        document.quotedName ?? "a document"
    }
}
