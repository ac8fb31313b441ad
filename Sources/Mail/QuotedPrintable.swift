/// The quoted-printable content transfer encoding (RFC 2045 §6.7) of text, for bodies that
/// are mostly ASCII: encoded lines are at most 76 characters, with soft line breaks.
enum QuotedPrintable {
    /// The longest an encoded line may be, not counting its CRLF.
    static let lineLimit = 76

    /// Encodes the UTF-8 of `text`, whose line breaks (LF, CR or CRLF) become CRLF. The result
    /// has CRLF between lines and none at the end.
    static func encode(_ text: String) -> String {
        lines(of: text).map(encode(line:)).joined(separator: "\r\n")
    }

    /// The lines of `text`, split at LF, CR or CRLF, so that any of them becomes one CRLF.
    static func lines(of text: String) -> [Substring] {
        // Swift treats CRLF as one Character, so splitting at either break handles all three.
        text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" || $0 == "\r\n" })
    }

    /// Encodes one line: bytes outside printable ASCII, `=` and whitespace at the end become
    /// `=XX`, and a soft break (`=` then CRLF) keeps each piece within the limit.
    private static func encode(line: Substring) -> String {
        let bytes = Array(line.utf8)
        var encoded = ""
        var current = ""
        for (index, byte) in bytes.enumerated() {
            let isWhitespace = byte == 0x20 || byte == 0x09
            let isLiteral = (byte >= 0x21 && byte <= 0x7E && byte != 0x3D) || (isWhitespace && index < bytes.count - 1)
            let token = isLiteral ? String(UnicodeScalar(byte)) : hex(byte)
            // Room for the soft break's `=`.
            if current.utf8.count + token.utf8.count > lineLimit - 1 {
                encoded += current + "=\r\n"
                current = ""
            }
            current += token
        }
        return encoded + current
    }

    /// `=XX` for `byte`, in upper-case hexadecimal.
    private static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return "=\(digits[Int(byte >> 4)])\(digits[Int(byte & 0x0F)])"
    }
}
