/// A QR Code symbol (ISO/IEC 18004, Model 2) holding bytes in byte mode.
///
/// Creating a value runs the whole encoder: the payload becomes data codewords, Reed–Solomon
/// codewords are added per block, the codewords are placed around the function patterns, and
/// a mask is applied. The result is an immutable square of modules that renderers read with
/// ``isDark(x:y:)`` or ``darkRuns``.
///
/// ```swift
/// let code = try QRCode(encoding: "http://127.0.0.1:8080/verify/Ab3dE9xQ")
/// for run in code.darkRuns {
///     // Draw a rectangle `run.length` modules wide at (`run.column`, `run.row`).
/// }
/// ```
public struct QRCode: Sendable, Equatable {
    /// The symbol version, from 1 (21 × 21 modules) to 40 (177 × 177 modules).
    public let version: Int

    /// The mask pattern applied to the data modules, from 0 to 7.
    public let mask: Int

    /// The error-correction level the symbol was encoded with.
    public let errorCorrection: ErrorCorrection

    /// The modules row by row; `true` is dark.
    private let modules: [Bool]

    /// The number of modules along each side: 17 + 4 × ``version``.
    public var size: Int { Self.size(ofVersion: version) }

    /// Encodes the UTF-8 bytes of `text`.
    ///
    /// - Parameters:
    ///   - text: The text to encode; its UTF-8 bytes are stored in byte mode.
    ///   - errorCorrection: How much of the symbol may be damaged and still be read.
    ///   - minimumVersion: The smallest version to use; a larger one is chosen when the data
    ///     does not fit.
    ///   - mask: The mask pattern to apply, from 0 to 7, or `nil` to apply the one with the
    ///     lowest penalty score.
    /// - Throws: ``EncodingError`` when the data does not fit version 40 or an argument is out
    ///   of range.
    public init(
        encoding text: String,
        errorCorrection: ErrorCorrection = .medium,
        minimumVersion: Int = 1,
        mask: Int? = nil
    ) throws(EncodingError) {
        try self.init(
            encoding: Array(text.utf8),
            errorCorrection: errorCorrection,
            minimumVersion: minimumVersion,
            mask: mask
        )
    }

    /// Encodes `bytes` in byte mode.
    ///
    /// - Parameters:
    ///   - bytes: The bytes to encode.
    ///   - errorCorrection: How much of the symbol may be damaged and still be read.
    ///   - minimumVersion: The smallest version to use; a larger one is chosen when the data
    ///     does not fit.
    ///   - mask: The mask pattern to apply, from 0 to 7, or `nil` to apply the one with the
    ///     lowest penalty score.
    /// - Throws: ``EncodingError`` when the data does not fit version 40 or an argument is out
    ///   of range.
    public init(
        encoding bytes: [UInt8],
        errorCorrection: ErrorCorrection = .medium,
        minimumVersion: Int = 1,
        mask: Int? = nil
    ) throws(EncodingError) {
        guard Self.versions.contains(minimumVersion) else {
            throw .versionOutOfRange(minimumVersion)
        }
        if let mask, !MaskPattern.all.indices.contains(mask) {
            throw .maskOutOfRange(mask)
        }
        guard
            let version = (minimumVersion...Self.versions.upperBound).first(where: {
                Self.byteCapacity(version: $0, errorCorrection: errorCorrection) >= bytes.count
            })
        else {
            throw .dataTooLong(
                byteCount: bytes.count,
                capacity: Self.byteCapacity(version: Self.versions.upperBound, errorCorrection: errorCorrection)
            )
        }

        let blocks = BlockStructure(version: version, errorCorrection: errorCorrection)
        let data = DataCodewords.make(bytes: bytes, version: version, count: blocks.dataCodewordCount)
        var matrix = ModuleMatrix(version: version)
        matrix.placeCodewords(blocks.interleavedCodewords(data: data))

        let chosen = mask.map { MaskPattern.all[$0] } ?? matrix.lowestPenaltyMask(errorCorrection: errorCorrection)
        matrix.apply(chosen)
        matrix.drawFormatInformation(errorCorrection: errorCorrection, mask: chosen)

        self.version = version
        self.mask = chosen.index
        self.errorCorrection = errorCorrection
        self.modules = matrix.modules
    }

    /// Whether the module in column `x` and row `y` is dark.
    ///
    /// Coordinates outside the symbol are light, so a renderer can walk a larger square to draw
    /// the quiet zone.
    public func isDark(x: Int, y: Int) -> Bool {
        guard (0..<size).contains(x), (0..<size).contains(y) else { return false }
        return modules[y * size + x]
    }

    /// The versions the standard defines.
    static let versions = 1...40

    /// The number of modules along each side of a symbol of `version`.
    static func size(ofVersion version: Int) -> Int {
        17 + 4 * version
    }
}
