import PDF

/// Why a PDF file could not be signed or its signatures not be read.
public enum PDFSigningError: Error, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(PDFReadError)
    /// The appearance names a page the file does not have.
    case noSuchPage(Int, pageCount: Int)
    /// The CMS came out larger than the space reserved for it.
    case signatureTooLarge(size: Int, reserved: Int)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .unreadable(let error): error.description
        case .noSuchPage(let index, let count): "page \(index + 1) does not exist; the file has \(count) pages"
        case .signatureTooLarge(let size, let reserved): "the signature needs \(size) bytes but only \(reserved) were reserved"
        }
    }
}
