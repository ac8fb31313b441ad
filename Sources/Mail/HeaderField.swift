/// One header field being written, folded (RFC 5322 §2.2.3) so that its lines stay within
/// 78 characters where its tokens allow: a token goes onto a new line, after CRLF and a
/// space, when it would not fit on the current one.
struct HeaderField {
    /// The length lines are folded at.
    static let foldLength = 78

    private var lines: [String]
    /// Whether the last line holds a token (rather than only the field's name).
    private var lineHasToken = false

    /// A field called `name`, such as `Subject`, with no value yet.
    init(_ name: String) {
        lines = ["\(name):"]
    }

    /// Appends `token`, after a space, folding first when it would make the line too long.
    /// A token holds no whitespace of its own to fold at, except a quoted string, which callers keep short.
    mutating func append(_ token: String) {
        if lineHasToken, lines[lines.count - 1].utf8.count + 1 + token.utf8.count > Self.foldLength {
            lines.append(" \(token)")
        } else {
            lines[lines.count - 1] += " \(token)"
        }
        lineHasToken = true
    }

    /// The field's lines joined by CRLF, and a CRLF at the end.
    var rendered: String {
        lines.joined(separator: "\r\n") + "\r\n"
    }
}
