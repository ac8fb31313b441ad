import Foundation

/// A file to sign, sent when creating a document or a template: its name and either its bytes
/// or a URL the server downloads it from.
///
/// ```swift
/// let contract = DocumentFile(name: "contract.pdf", contents: try Data(contentsOf: url))
/// let remote = DocumentFile(name: "terms.pdf", url: URL(string: "https://example.com/terms.pdf")!)
/// ```
public struct DocumentFile: Codable, Hashable, Sendable {
    /// The file's name, with the extension that tells its type (`.pdf`, `.docx`, `.png`, …).
    public var name: String
    /// A URL the server downloads the file from.
    public var fileURL: String?
    /// The file's bytes, in Base64.
    public var fileBase64: String?

    /// A file sent with the request.
    public init(name: String, contents: Data) {
        self.name = name
        self.fileBase64 = contents.base64EncodedString()
    }

    /// A file the server downloads from `url`.
    public init(name: String, url: URL) {
        self.name = name
        self.fileURL = url.absoluteString
    }

    private enum CodingKeys: String, CodingKey {
        case name
        case fileURL = "file_url"
        case fileBase64 = "file_base64"
    }
}
