import Testing

@testable import QRCode

/// The encoder picks the smallest version that holds the payload and rejects what does not fit.
@Suite struct VersionSelectionTests {
    /// Byte-mode capacities from ISO/IEC 18004, table 7.
    @Test(arguments: [
        (1, QRCode.ErrorCorrection.low, 17), (1, .medium, 14), (1, .quartile, 11), (1, .high, 7),
        (3, .medium, 42), (4, .medium, 62), (5, .medium, 84),
        (9, .medium, 180), (10, .medium, 213),
        (40, .low, 2953), (40, .medium, 2331), (40, .quartile, 1663), (40, .high, 1273),
    ])
    func byteCapacity(version: Int, level: QRCode.ErrorCorrection, bytes: Int) {
        #expect(QRCode.byteCapacity(version: version, errorCorrection: level) == bytes)
    }

    @Test func typicalVerificationURLIsVersion3() throws {
        let url = "http://127.0.0.1:8080/verify/Ab3dE9xQ"
        let code = try QRCode(encoding: url)
        #expect(url.utf8.count == 37)
        #expect(code.version == 3)
        #expect(code.size == 29)
        #expect(code.errorCorrection == .medium)
    }

    @Test(arguments: [(1, 1), (14, 1), (15, 2), (42, 3), (43, 4), (62, 4), (63, 5), (84, 5), (85, 6)])
    func smallestVersionThatFits(byteCount: Int, version: Int) throws {
        let code = try QRCode(encoding: [UInt8](repeating: 0x41, count: byteCount), errorCorrection: .medium)
        #expect(code.version == version)
    }

    @Test func minimumVersionIsHonoured() throws {
        let raised = try QRCode(encoding: "A", minimumVersion: 7)
        let exceeded = try QRCode(encoding: [UInt8](repeating: 0, count: 100), errorCorrection: .medium, minimumVersion: 2)
        #expect(raised.version == 7)
        #expect(exceeded.version == 6)
    }

    @Test func emptyPayloadFitsVersion1() throws {
        let code = try QRCode(encoding: "")
        #expect(code.version == 1)
    }

    @Test func higherLevelsNeedLargerVersions() throws {
        let text = String(repeating: "x", count: 100)
        let versions = try QRCode.ErrorCorrection.allCases.map { try QRCode(encoding: text, errorCorrection: $0).version }
        #expect(versions == [5, 6, 8, 10])
    }

    @Test func tooLongDataThrows() {
        #expect(throws: QRCode.EncodingError.dataTooLong(byteCount: 2954, capacity: 2953)) {
            try QRCode(encoding: [UInt8](repeating: 0, count: 2954), errorCorrection: .low)
        }
        #expect(throws: QRCode.EncodingError.dataTooLong(byteCount: 1274, capacity: 1273)) {
            try QRCode(encoding: String(repeating: "h", count: 1274), errorCorrection: .high)
        }
    }

    @Test func largestPayloadFitsVersion40() throws {
        let code = try QRCode(encoding: [UInt8](repeating: 0xFF, count: 2953), errorCorrection: .low)
        #expect(code.version == 40)
        #expect(code.size == 177)
    }

    @Test func argumentsOutOfRangeThrow() {
        #expect(throws: QRCode.EncodingError.versionOutOfRange(0)) { try QRCode(encoding: "x", minimumVersion: 0) }
        #expect(throws: QRCode.EncodingError.versionOutOfRange(41)) { try QRCode(encoding: "x", minimumVersion: 41) }
        #expect(throws: QRCode.EncodingError.maskOutOfRange(8)) { try QRCode(encoding: "x", mask: 8) }
        #expect(throws: QRCode.EncodingError.maskOutOfRange(-1)) { try QRCode(encoding: "x", mask: -1) }
    }

    @Test(arguments: 0..<8)
    func explicitMaskIsHonoured(mask: Int) throws {
        let code = try QRCode(encoding: "mask", mask: mask)
        #expect(code.mask == mask)
    }

    @Test func differentMasksGiveDifferentSymbols() throws {
        let symbols = try (0..<8).map { try QRCode(encoding: "mask", mask: $0) }
        #expect(Set(symbols.map(\.darkRuns)).count == 8)
    }

    @Test func textAndItsUTF8BytesEncodeAlike() throws {
        let text = "Grüße — 東京"
        let fromText = try QRCode(encoding: text, errorCorrection: .quartile)
        let fromBytes = try QRCode(encoding: Array(text.utf8), errorCorrection: .quartile)
        #expect(fromText == fromBytes)
    }
}
