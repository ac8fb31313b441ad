import Foundation

/// A message as ``TestSMTPServer`` received it: the envelope, and what Python's `email`
/// package (policy `default`) reads in the data, from the script's `summary.json` (snake_case keys).
struct ReceivedMail: Decodable {
    /// One leaf part of the MIME tree (the message itself when it is not multipart).
    struct Part: Decodable {
        /// The content type, such as `text/plain`.
        let contentType: String
        /// The attachment's file name, decoded.
        let filename: String?
        /// The SHA-256 of the decoded content, in hexadecimal.
        let sha256: String
        /// The decoded text of a `text/*` part.
        let text: String?

        /// The text with its line breaks as LF.
        var normalizedText: String? { text?.replacingOccurrences(of: "\r\n", with: "\n") }
    }

    /// The envelope's sender.
    let mailFrom: String
    /// The envelope's recipients.
    let rcptTos: [String]
    /// The SHA-256 of the data as received (after dot-unstuffing), in hexadecimal.
    let dataSha256: String
    /// The headers, decoded (encoded-words turned back into text).
    let headers: [String: String]
    /// The message's content type.
    let contentType: String
    /// The leaf parts, in order.
    let parts: [Part]
    /// The problems the parser found in the message.
    let defects: [String]
    /// The longest line of the data, in bytes, without its CRLF.
    let longestLine: Int
    /// How many LFs the data has that no CR precedes.
    let bareLineFeeds: Int
    /// Whether the data has a byte above 127.
    let eightBit: Bool
}
