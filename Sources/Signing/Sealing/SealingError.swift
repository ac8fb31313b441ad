import PDF

/// Why a document could not be sealed.
public enum SealingError: Error, Sendable, CustomStringConvertible {
    /// The PDF file could not be read.
    case unreadableDocument(PDFReadError)
    /// A mark, or the audit trail, is on a page the document does not have.
    case noSuchPage(Int, pageCount: Int)
    /// An image mark is a PNG or JPEG file that cannot be read.
    case unreadableImage(PDFImageError)
    /// An image mark is neither PNG nor JPEG.
    case unsupportedImageFormat

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .unreadableDocument(let error): "the document cannot be read: \(error)"
        case .noSuchPage(let index, let count): "page \(index + 1) does not exist; the document has \(count) pages"
        case .unreadableImage(let error): "an image cannot be read: \(error)"
        case .unsupportedImageFormat: "an image is neither PNG nor JPEG"
        }
    }
}
