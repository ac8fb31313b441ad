/// The predictor entries of a FlateDecode or LZWDecode /DecodeParms dictionary
/// (ISO 32000-1 §7.4.4.4, Table 8), checked, with their defaults.
struct PredictorParameters {
    /// 1 (none), 2 (TIFF) or 10…15 (PNG).
    let predictor: Int
    /// The colour components per pixel.
    let colors: Int
    /// The bits per colour component: 1, 2, 4, 8 or 16.
    let bitsPerComponent: Int
    /// The pixels per row.
    let columns: Int

    /// The most colour components accepted per pixel.
    private static let maximumColors = 64
    /// The most pixels accepted per row.
    private static let maximumColumns = 1 << 24

    /// Reads the parameters from `parameters` (absent entries take their defaults: Predictor
    /// 1, Colors 1, BitsPerComponent 8, Columns 1), for errors naming `filter`.
    init(_ parameters: PDFDictionary?, filter: String) throws(PDFFilterError) {
        /// The integer value of `key`, `defaultValue` when absent or not a number, or -1
        /// (invalid for every entry) when beyond ±10⁹.
        func integer(_ key: String, _ defaultValue: Int) -> Int {
            guard let number = parameters?[key]?.numberValue else { return defaultValue }
            guard number.isFinite, abs(number) < 1e9 else { return -1 }
            return Int(number)
        }
        predictor = integer("Predictor", 1)
        colors = integer("Colors", 1)
        bitsPerComponent = integer("BitsPerComponent", 8)
        columns = integer("Columns", 1)
        guard predictor == 1 || predictor == 2 || (10...15).contains(predictor) else {
            throw .corruptData(filter: filter, reason: "unknown /Predictor \(predictor)")
        }
        guard (1...Self.maximumColors).contains(colors), (1...Self.maximumColumns).contains(columns),
            [1, 2, 4, 8, 16].contains(bitsPerComponent)
        else {
            throw .corruptData(
                filter: filter,
                reason: "invalid predictor parameters /Colors \(colors) /BitsPerComponent \(bitsPerComponent) /Columns \(columns)"
            )
        }
    }

    /// `data`, the output of the filter, with the prediction undone.
    func undo(_ data: [UInt8], filter: String) throws(PDFFilterError) -> [UInt8] {
        switch predictor {
        case 1:
            return data
        case 2:
            return TIFFPredictor.undo(data, colors: colors, bitsPerComponent: bitsPerComponent, columns: columns)
        default:
            let rowLength = (colors * bitsPerComponent * columns + 7) / 8
            let bytesPerPixel = (colors * bitsPerComponent + 7) / 8
            guard let rows = PNGRowFilter.unfilter(data, rowLength: rowLength, bytesPerPixel: bytesPerPixel) else {
                throw .corruptData(filter: filter, reason: "invalid PNG row filter type")
            }
            return rows
        }
    }
}
