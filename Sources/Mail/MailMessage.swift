import Foundation

/// An email to send: sender, recipients, subject, a plain-text body with an optional HTML
/// alternative, and attachments. Everything is checked when the message is made, so a message
/// that exists can always be encoded and no part of it can add header lines.
///
/// ```swift
/// let message = try MailMessage(
///     from: MailAddress("notary@example.com", displayName: "Chancery"),
///     to: [MailAddress("ada@example.com")],
///     subject: "Your document is sealed",
///     text: "Hello Ada,\n…"
/// )
/// let bytes = message.encoded()   // RFC 5322 / MIME, CRLF line endings
/// ```
public struct MailMessage: Sendable, Equatable {
    /// The sender, in `From` and as the envelope's `MAIL FROM`.
    public let from: MailAddress
    /// The recipients, in `To` and as the envelope's `RCPT TO`s; at least one.
    public let to: [MailAddress]
    /// The subject.
    public let subject: String
    /// The plain-text body.
    public let text: String
    /// The HTML body, sent as an alternative to ``text``, if any.
    public let html: String?
    /// The attached files.
    public let attachments: [MailAttachment]
    /// The `Date` header's moment.
    public let date: Date
    /// The `Message-ID` without its angle brackets, such as `3F2A…@example.com`; a retry of the
    /// same message keeps it, so that receivers can recognise a duplicate.
    public let messageID: String

    /// A message; `date` defaults to now and `messageID` to a random one at the sender's domain.
    ///
    /// - Throws: ``MailMessageError/noRecipients``, ``MailMessageError/lineBreakInHeader(_:)``
    ///   for a subject with a line break, ``MailMessageError/invalidAddress(_:)`` for a
    ///   message ID that is not `left@right`.
    public init(
        from: MailAddress,
        to: [MailAddress],
        subject: String,
        text: String,
        html: String? = nil,
        attachments: [MailAttachment] = [],
        date: Date = Date(),
        messageID: String? = nil
    ) throws(MailMessageError) {
        guard !to.isEmpty else { throw .noRecipients }
        try MailMessageError.checkHeaderValue(subject, field: "subject")
        let messageID = messageID ?? "\(UUID().uuidString)@\(from.domain)"
        // A message ID has the shape of an address, and the same characters are safe in it.
        _ = try MailAddress(messageID)
        self.from = from
        self.to = to
        self.subject = subject
        self.text = text
        self.html = html
        self.attachments = attachments
        self.date = date
        self.messageID = messageID
    }
}
