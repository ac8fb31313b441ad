/// SMTP's transparency procedure (RFC 5321 §4.5.2) for `DATA`: a line that starts with `.`
/// gets another `.` in front, so that no line of the message reads as the end of the data.
enum DotStuffing {
    /// `message` (CRLF line endings, ending with CRLF) with its lines' leading dots doubled,
    /// followed by the `.` line that ends the data.
    static func data(for message: [UInt8]) -> [UInt8] {
        var stuffed: [UInt8] = []
        stuffed.reserveCapacity(message.count + message.count / 64 + 3)
        var atLineStart = true
        for byte in message {
            if atLineStart && byte == UInt8(ascii: ".") { stuffed.append(byte) }
            stuffed.append(byte)
            atLineStart = byte == UInt8(ascii: "\n")
        }
        return stuffed + Array(".\r\n".utf8)
    }
}
