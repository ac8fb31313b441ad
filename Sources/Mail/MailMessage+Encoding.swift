import Foundation

extension MailMessage {
    /// The message in RFC 5322 / MIME form, ready for SMTP's `DATA` (before dot-stuffing):
    /// ASCII only, CRLF line endings, no line over 998 characters, ending with CRLF.
    ///
    /// A text-only message is one `text/plain` part; with HTML the two are a
    /// `multipart/alternative`; with attachments the body and the files are a
    /// `multipart/mixed`. Texts are quoted-printable UTF-8, files base64.
    public func encoded() -> [UInt8] {
        var headers = ""
        headers += field("Date", [Self.dateFormat.string(from: date)])
        headers += field("From", Self.mailboxTokens(from))
        headers += field("To", to.enumerated().flatMap { index, mailbox in Self.mailboxTokens(mailbox, separated: index < to.count - 1) })
        headers += field("Subject", Self.unstructuredTokens(subject))
        headers += field("Message-ID", ["<\(messageID)>"])
        headers += "MIME-Version: 1.0\r\n"
        return Array((headers + body().rendered + "\r\n").utf8)
    }

    /// The body: the texts, and the attachments when there are any.
    private func body() -> MIMEPart {
        var texts = MIMEPart.text(text, subtype: "plain")
        if let html { texts = .multipart("alternative", [texts, .text(html, subtype: "html")]) }
        guard !attachments.isEmpty else { return texts }
        return .multipart("mixed", [texts] + attachments.map(MIMEPart.attachment))
    }

    private func field(_ name: String, _ tokens: [String]) -> String {
        var field = HeaderField(name)
        for token in tokens { field.append(token) }
        return field.rendered
    }

    /// The tokens of `mailbox` in an address list: the display name (quoted, or as
    /// encoded-words), the address in angle brackets, and a comma after it when `separated`.
    private static func mailboxTokens(_ mailbox: MailAddress, separated: Bool = false) -> [String] {
        let address = "<\(mailbox.address)>" + (separated ? "," : "")
        guard let name = mailbox.displayName else { return [address] }
        if EncodedWords.isPlain(name, limit: 60) {
            let quoted = name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            return ["\"\(quoted)\"", address]
        }
        return EncodedWords.encode(name) + [address]
    }

    /// The tokens of unstructured text (the subject): the text as it is when it is plain ASCII
    /// that fits on the line, otherwise encoded-words.
    private static func unstructuredTokens(_ text: String) -> [String] {
        EncodedWords.isPlain(text, limit: HeaderField.foldLength - "Subject: ".count) ? [text] : EncodedWords.encode(text)
    }

    /// RFC 5322's date-time, in UTC: `Fri, 04 Dec 2026 17:37:08 +0000`.
    private static let dateFormat: DateFormatter = {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss '+0000'"
        return formatter
    }()
}
