/// Decodes stream data through the filters its dictionary names (ISO 32000-1 §7.3.8.2, §7.4).
public enum PDFFilterPipeline {
    /// Decodes `data` through the /Filter (a name or an array of names) and /DecodeParms (a
    /// dictionary, or an array of dictionaries and nulls, one per filter) of `dictionary`,
    /// in order. Both entries must already be resolved (no references). Without /Filter the
    /// data is returned unchanged.
    ///
    /// Decoded are FlateDecode, LZWDecode (with /Predictor and /EarlyChange),
    /// ASCIIHexDecode, ASCII85Decode and RunLengthDecode, by full name or abbreviation.
    ///
    /// - Throws: ``PDFFilterError/unsupportedFilter(_:)`` when any filter is another one
    ///   (such as DCTDecode, JPXDecode, CCITTFaxDecode, JBIG2Decode or Crypt), so that the
    ///   caller can keep the data encoded; ``PDFFilterError/corruptData(filter:reason:)`` for
    ///   malformed data or entries; ``PDFFilterError/outputTooLarge(limit:)`` when any stage
    ///   would produce more than `maximumOutputSize` bytes.
    public static func decode(_ data: [UInt8], dictionary: PDFDictionary, maximumOutputSize: Int) throws(PDFFilterError) -> [UInt8] {
        let names: [String]
        switch dictionary["Filter"] {
        case nil, .null?:
            return data
        case .name(let name)?:
            names = [name]
        case .array(let elements)?:
            names = try elements.map { (element) throws(PDFFilterError) in
                guard let name = element.nameValue else {
                    throw .corruptData(filter: "Filter", reason: "/Filter array holds a non-name")
                }
                return name
            }
        case let other?:
            throw .corruptData(filter: "Filter", reason: "/Filter is \(String(decoding: other.serialized, as: UTF8.self))")
        }

        let parameters: [PDFDictionary?]
        switch dictionary["DecodeParms"] {
        case .dictionary(let single)?:
            parameters = [single]
        case .array(let elements)?:
            parameters = elements.map(\.dictionaryValue)
        default:
            parameters = []
        }

        let filters = try names.map { (name) throws(PDFFilterError) in
            guard let filter = PDFStandardFilter(name: name) else { throw .unsupportedFilter(name) }
            return filter
        }
        var decoded = data
        for (index, filter) in filters.enumerated() {
            let filterParameters = index < parameters.count ? parameters[index] : nil
            decoded = try filter.decode(decoded, parameters: filterParameters, maximumOutputSize: maximumOutputSize)
        }
        return decoded
    }
}
