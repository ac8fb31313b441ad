import Foundation

/// The base64 content transfer encoding (RFC 2045 §6.8), for attachments.
enum Base64Lines {
    /// The length of each encoded line but the last, not counting its CRLF.
    static let lineLength = 76

    /// `bytes` in base64, as lines of ``lineLength`` characters joined by CRLF (none at the end).
    static func encode(_ bytes: [UInt8]) -> String {
        let encoded = Array(Data(bytes).base64EncodedString().utf8)
        return stride(from: 0, to: encoded.count, by: lineLength)
            .map { String(decoding: encoded[$0..<min($0 + lineLength, encoded.count)], as: UTF8.self) }
            .joined(separator: "\r\n")
    }
}
