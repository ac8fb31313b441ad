import Foundation
import HTTPSupport
import HTTPTypes

/// The name of an uploaded file as a client sends it in `X-File-Name`: percent-encoded UTF-8
/// (raw text is taken as it is), `file` when absent or empty, and never with control
/// characters, which would break the `Content-Disposition` of its downloads.
enum UploadedFileName {
    /// The file name `header` carries.
    ///
    /// - Throws: ``HTTPSupport/APIError`` (400) for a name with control characters.
    static func decode(_ header: String?) throws -> String {
        let encoded = header ?? "file"
        let name = encoded.removingPercentEncoding ?? encoded
        guard !name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else {
            throw APIError(.badRequest, "a file name may not contain control characters (U+0000–U+001F, U+007F)")
        }
        return name.isEmpty ? "file" : name
    }
}
