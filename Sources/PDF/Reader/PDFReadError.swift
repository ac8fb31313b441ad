/// Why a PDF file, or a part of it, could not be read.
public enum PDFReadError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes are not a PDF file: no header, no objects, or no catalog to be found.
    case notAPDF(String)
    /// The file is encrypted (it has an `/Encrypt` dictionary); it is refused rather than
    /// read or changed without its keys.
    case encrypted
    /// The bytes at `offset` do not have the syntax expected there.
    case syntax(String, offset: Int)
    /// The file's structure is inconsistent in a way reading cannot work around.
    case brokenStructure(String)
    /// Reading would exceed one of the ``PDFReadLimits``.
    case limitExceeded(String)
    /// A stream's data could not be decoded.
    case undecodableStream(PDFReference?, PDFFilterError)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .notAPDF(let reason): "not a PDF file: \(reason)"
        case .encrypted: "the PDF file is encrypted; decrypt it first (for example with qpdf --decrypt)"
        case .syntax(let reason, let offset): "PDF syntax error at byte \(offset): \(reason)"
        case .brokenStructure(let reason): "broken PDF structure: \(reason)"
        case .limitExceeded(let reason): "PDF file exceeds a reading limit: \(reason)"
        case .undecodableStream(let reference?, let error): "stream \(reference) cannot be decoded: \(error)"
        case .undecodableStream(nil, let error): "a stream cannot be decoded: \(error)"
        }
    }
}
