/// One file of a template, turned into PDF once when the template was created and kept in the
/// blob store, so that every document made from the template reuses it without fetching or
/// converting it again.
public struct TemplateFile: Codable, Sendable, Equatable {
    /// The file's name, as the request gave it.
    public var name: String
    /// The number of pages of the PDF.
    public var pageCount: Int
    /// The SHA-256 (hex) of the bytes received, which each document's audit trail records.
    public var originalSHA256: String
    /// The blob (SHA-256 hex) of the file as PDF.
    public var pdf: String

    /// Creates the description of a stored template file.
    public init(name: String, pageCount: Int, originalSHA256: String, pdf: String) {
        self.name = name
        self.pageCount = pageCount
        self.originalSHA256 = originalSHA256
        self.pdf = pdf
    }
}
