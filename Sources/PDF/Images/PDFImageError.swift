/// Why a PNG or JPEG file could not be made into a ``PDFImage``.
public enum PDFImageError: Error, Equatable, CustomStringConvertible {
    /// The bytes do not begin with the signature of the expected format.
    case notPNG
    /// The bytes do not begin with a JPEG start-of-image marker.
    case notJPEG
    /// The file is damaged: a bad chunk, checksum, header value or image data.
    case corrupt(String)
    /// The file is valid but uses a feature this module does not handle.
    case unsupported(String)

    /// A sentence describing the error.
    public var description: String {
        switch self {
        case .notPNG: "not a PNG file"
        case .notJPEG: "not a JPEG file"
        case .corrupt(let reason): "corrupt image: \(reason)"
        case .unsupported(let feature): "unsupported image: \(feature)"
        }
    }
}
