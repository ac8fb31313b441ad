/// One file of a document as the sender uploaded it.
public struct DocumentFile: Codable, Sendable, Equatable {
    /// The file's name.
    public var name: String
    /// Its number of pages.
    public var pageCount: Int
    /// The page of the prepared PDF where the file's first page is, counted from 0.
    public var firstPageIndex: Int
    /// The SHA-256 (hex) of the bytes received.
    public var originalSHA256: String
    /// The blob (SHA-256 hex) of the file as PDF, kept so that a template can be made from the
    /// document; `nil` for documents made before it was kept.
    public var pdf: String?
}
