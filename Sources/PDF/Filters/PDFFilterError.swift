/// Why a stream's data could not be decoded by ``PDFFilterPipeline``.
public enum PDFFilterError: Error, Equatable, CustomStringConvertible {
    /// The stream names a filter this module does not decode (DCTDecode, JPXDecode,
    /// CCITTFaxDecode, JBIG2Decode, Crypt, or an unknown name); its data is best passed on
    /// still encoded.
    case unsupportedFilter(String)
    /// The data, or the filter's parameters, are not a valid encoding for `filter`.
    case corruptData(filter: String, reason: String)
    /// Decoding would produce more than `limit` bytes.
    case outputTooLarge(limit: Int)

    /// A sentence describing the error.
    public var description: String {
        switch self {
        case .unsupportedFilter(let name):
            "unsupported filter /\(name)"
        case .corruptData(let filter, let reason):
            "corrupt /\(filter) data: \(reason)"
        case .outputTooLarge(let limit):
            "decoded data exceeds the limit of \(limit) bytes"
        }
    }
}
