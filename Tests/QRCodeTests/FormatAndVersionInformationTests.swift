import Testing

@testable import QRCode

/// Format and version information read back from the symbol at the places the standard
/// gives, written out here rather than taken from the encoder.
@Suite struct FormatAndVersionInformationTests {
    /// The format bits of the copy around the top-left finder, most significant first.
    static func firstFormatCopy(_ code: QRCode) -> Int {
        let places = (0...5).map { ($0, 8) } + [(7, 8), (8, 8), (8, 7)] + (0...5).reversed().map { (8, $0) }
        return places.reduce(0) { bits, place in bits << 1 | (code.isDark(x: place.0, y: place.1) ? 1 : 0) }
    }

    /// The format bits of the copy below the top-right and right of the bottom-left finder,
    /// most significant first.
    static func secondFormatCopy(_ code: QRCode) -> Int {
        let size = code.size
        let places = (1...7).map { (8, size - $0) } + (size - 8..<size).map { ($0, 8) }
        return places.reduce(0) { bits, place in bits << 1 | (code.isDark(x: place.0, y: place.1) ? 1 : 0) }
    }

    /// The level and mask whose format bits are nearest to `bits`, with the distance.
    static func decodeFormat(_ bits: Int) -> (level: QRCode.ErrorCorrection, mask: Int, distance: Int) {
        let candidates = QRCode.ErrorCorrection.allCases.flatMap { level in
            MaskPattern.all.map { mask in
                let codeword = FormatInformation.bits(errorCorrection: level, mask: mask)
                return (level: level, mask: mask.index, distance: (codeword ^ bits).nonzeroBitCount)
            }
        }
        return candidates.min { $0.distance < $1.distance }!
    }

    @Test func knownFormatInformation() {
        // ISO/IEC 18004 annex C: level M with mask 101 gives 100000011001110.
        #expect(FormatInformation.bits(errorCorrection: .medium, mask: MaskPattern(index: 5)) == 0b100_0000_1100_1110)
        // Level M (00) with mask 000 is all zero data, so only the masking pattern remains.
        #expect(FormatInformation.bits(errorCorrection: .medium, mask: MaskPattern(index: 0)) == 0x5412)
    }

    @Test func formatCodewordsAreFarApart() {
        let all = QRCode.ErrorCorrection.allCases.flatMap { level in
            MaskPattern.all.map { FormatInformation.bits(errorCorrection: level, mask: $0) }
        }
        for (index, first) in all.enumerated() {
            for second in all[(index + 1)...] {
                #expect((first ^ second).nonzeroBitCount >= 7)
            }
        }
    }

    @Test(arguments: QRCode.ErrorCorrection.allCases, 0..<8)
    func bothCopiesDecodeToLevelAndMask(level: QRCode.ErrorCorrection, mask: Int) throws {
        let code = try QRCode(encoding: "format \(mask)", errorCorrection: level, minimumVersion: 2, mask: mask)
        for bits in [Self.firstFormatCopy(code), Self.secondFormatCopy(code)] {
            let decoded = Self.decodeFormat(bits)
            #expect(decoded.distance == 0)
            #expect(decoded.level == level)
            #expect(decoded.mask == mask)
        }
    }

    @Test func automaticMaskIsRecordedInTheFormatInformation() throws {
        let code = try QRCode(encoding: "http://127.0.0.1:8080/verify/Ab3dE9xQ")
        let decoded = Self.decodeFormat(Self.firstFormatCopy(code))
        #expect(decoded.mask == code.mask)
        #expect(decoded.level == .medium)
    }

    /// Values from ISO/IEC 18004 annex D, table D.1.
    @Test(arguments: [(7, 0x07C94), (8, 0x085BC), (10, 0x0A4D3), (21, 0x15683), (32, 0x209D5), (40, 0x28C69)])
    func versionInformation(version: Int, bits: Int) throws {
        #expect(VersionInformation.bits(version: version) == bits)

        let code = try QRCode(encoding: "version", minimumVersion: version)
        let size = code.size
        var aboveBottomLeft = 0
        var leftOfTopRight = 0
        // Bit i sits at row i / 3, column size − 11 + i % 3 near the top-right finder, and
        // transposed near the bottom-left finder.
        for index in 0..<18 {
            if code.isDark(x: size - 11 + index % 3, y: index / 3) { leftOfTopRight |= 1 << index }
            if code.isDark(x: index / 3, y: size - 11 + index % 3) { aboveBottomLeft |= 1 << index }
        }
        #expect(leftOfTopRight == bits)
        #expect(aboveBottomLeft == bits)
    }

    @Test func noVersionInformationBelowVersion7() throws {
        let code = try QRCode(encoding: "small", minimumVersion: 6)
        let matrix = ModuleMatrix(version: 6)
        #expect(code.version == 6)
        #expect(!matrix.isFunctionModule(x: code.size - 11, y: 0))
    }
}
