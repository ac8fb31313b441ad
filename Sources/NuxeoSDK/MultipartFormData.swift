import Foundation

/// A `multipart/form-data` body (RFC 7578), written to a file so that a large file part is
/// streamed rather than held in memory, both here and when the body is sent.
struct MultipartFormData {
    /// One part of the body.
    enum Part {
        /// A field of bytes.
        case data(name: String, contentType: String, Data)
        /// A file, sent with its name.
        case file(name: String, filename: String, contentType: String, URL)
    }

    /// The string between parts; random, so that no file contains it.
    let boundary = "NuxeoSDK-" + UUID().uuidString

    /// The body's `Content-Type`, boundary included.
    var contentType: String {
        "multipart/form-data; boundary=\(boundary)"
    }

    /// Writes `parts` as the body to a new temporary file, and returns the file.
    ///
    /// - Throws: The error reading a file part or writing the body.
    func write(_ parts: [Part]) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("nuxeo-sdk-upload-\(UUID().uuidString)")
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        do {
            let output = try FileHandle(forWritingTo: url)
            defer { try? output.close() }
            for part in parts {
                try output.write(contentsOf: Data("--\(boundary)\r\n".utf8))
                switch part {
                case .data(let name, let contentType, let data):
                    try output.write(contentsOf: Data(header(name: name, filename: nil, contentType: contentType).utf8))
                    try output.write(contentsOf: data)
                case .file(let name, let filename, let contentType, let file):
                    try output.write(contentsOf: Data(header(name: name, filename: filename, contentType: contentType).utf8))
                    let input = try FileHandle(forReadingFrom: file)
                    defer { try? input.close() }
                    while let chunk = try input.read(upToCount: 1 << 20), !chunk.isEmpty {
                        try output.write(contentsOf: chunk)
                    }
                }
                try output.write(contentsOf: Data("\r\n".utf8))
            }
            try output.write(contentsOf: Data("--\(boundary)--\r\n".utf8))
        } catch {
            try? FileManager.default.removeItem(at: url)
            throw error
        }
        return url
    }

    /// The headers of a part and the blank line that ends them.
    private func header(name: String, filename: String?, contentType: String) -> String {
        var disposition = "form-data; name=\"\(quoted(name))\""
        if let filename {
            disposition += "; filename=\"\(quoted(filename))\""
        }
        return "Content-Disposition: \(disposition)\r\nContent-Type: \(contentType)\r\n\r\n"
    }

    /// `text` for a quoted string of a header: quotes and backslashes escaped, line breaks
    /// (which would end the header) dropped.
    private func quoted(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "\"", with: "\\\"")
            .replacingOccurrences(of: "\r", with: "")
            .replacingOccurrences(of: "\n", with: "")
    }
}
