/// A server's reply: a three-digit code and one or more lines of text (RFC 5321 §4.2).
struct SMTPReply: Sendable, Equatable, CustomStringConvertible {
    /// The reply code, such as 250.
    let code: Int
    /// The text of each line, without the code and its separator.
    let lines: [String]

    /// A reply with `code` and `lines`.
    init(code: Int, lines: [String]) {
        self.code = code
        self.lines = lines
    }

    /// Whether the command succeeded (2xx).
    var isPositive: Bool { (200..<300).contains(code) }

    /// The reply as the server sent it, lines joined by ` / `, such as `550 5.1.1 unknown user`.
    var description: String {
        "\(code) \(lines.joined(separator: " / "))"
    }
}
