/// A filter that ``PDFFilterPipeline`` decodes (ISO 32000-1 §7.4, Table 6).
enum PDFStandardFilter {
    /// FlateDecode, abbreviated Fl.
    case flate
    /// LZWDecode, abbreviated LZW.
    case lzw
    /// ASCIIHexDecode, abbreviated AHx.
    case asciiHex
    /// ASCII85Decode, abbreviated A85.
    case ascii85
    /// RunLengthDecode, abbreviated RL.
    case runLength

    /// The filter named `name` in full or by its inline-image abbreviation; `nil` for the
    /// filters this module does not decode.
    init?(name: String) {
        switch name {
        case "FlateDecode", "Fl": self = .flate
        case "LZWDecode", "LZW": self = .lzw
        case "ASCIIHexDecode", "AHx": self = .asciiHex
        case "ASCII85Decode", "A85": self = .ascii85
        case "RunLengthDecode", "RL": self = .runLength
        default: return nil
        }
    }

    /// The filter's full name, for error messages.
    var name: String {
        switch self {
        case .flate: "FlateDecode"
        case .lzw: "LZWDecode"
        case .asciiHex: "ASCIIHexDecode"
        case .ascii85: "ASCII85Decode"
        case .runLength: "RunLengthDecode"
        }
    }

    /// `data` decoded by this filter with `parameters` (its /DecodeParms entry, if any).
    func decode(_ data: [UInt8], parameters: PDFDictionary?, maximumOutputSize: Int) throws(PDFFilterError) -> [UInt8] {
        let decoded: [UInt8]
        switch self {
        case .flate:
            let predictor = try PredictorParameters(parameters, filter: name)
            decoded = try predictor.undo(PDFFlate.decompress(data, maximumOutputSize: maximumOutputSize), filter: name)
        case .lzw:
            let predictor = try PredictorParameters(parameters, filter: name)
            let earlyChange = parameters?["EarlyChange"]?.integerValue != 0
            let unpredicted = try LZWDecoder.decode(data, earlyChange: earlyChange, maximumOutputSize: maximumOutputSize)
            decoded = try predictor.undo(unpredicted, filter: name)
        case .asciiHex:
            decoded = try ASCIIHexDecoder.decode(data)
        case .ascii85:
            decoded = try ASCII85Decoder.decode(data)
        case .runLength:
            decoded = try RunLengthDecoder.decode(data, maximumOutputSize: maximumOutputSize)
        }
        guard decoded.count <= maximumOutputSize else { throw .outputTooLarge(limit: maximumOutputSize) }
        return decoded
    }
}
