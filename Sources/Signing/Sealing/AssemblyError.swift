import PDF

/// Why a document's files could not be assembled into one PDF.
public enum AssemblyError: Error, Sendable, CustomStringConvertible {
    /// There is no file.
    case noFiles
    /// File `index` (from 0) cannot be read as a PDF file, or is encrypted
    /// (``PDF/PDFReadError/encrypted``).
    case unreadableFile(index: Int, reason: PDFReadError)
    /// File `index` (from 0) has no pages.
    case noPages(index: Int)

    /// A one-line explanation, naming files from 1.
    public var description: String {
        switch self {
        case .noFiles: "the document has no file"
        case .unreadableFile(let index, let reason): "file \(index + 1) cannot be used: \(reason)"
        case .noPages(let index): "file \(index + 1) has no pages"
        }
    }
}
