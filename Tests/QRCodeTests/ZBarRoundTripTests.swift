import Foundation
import QRCode
import Testing

/// Renders symbols to images and reads them back with a decoder we did not write: zbarimg
/// (Debian package `zbar-tools`).
@Suite(
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: ExternalTool.zbarimg),
        "needs /usr/bin/zbarimg (Debian package zbar-tools)"
    )
)
struct ZBarRoundTripTests {
    /// A payload long enough to need a large version.
    static let long300 = String(
        (0..<300).map { index in Character(Unicode.Scalar(UInt8(33 + index * 7 % 94))) }
    )

    /// The text zbarimg reads from `code`, without its trailing newline.
    static func decode(_ code: QRCode) async throws -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qrcode-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("code.pbm")
        try Data(BitmapImage.pbm(code)).write(to: file)

        let (status, output) = try await ExternalTool.run(ExternalTool.zbarimg, ["--raw", "-q", file.path])
        #expect(status == 0, "zbarimg found no symbol in version \(code.version), mask \(code.mask)")
        return output.hasSuffix("\n") ? String(output.dropLast()) : output
    }

    @Test(arguments: [
        ("hello", QRCode.ErrorCorrection.medium),
        ("http://127.0.0.1:8080/verify/Ab3dE9xQ", .medium),
        ("http://127.0.0.1:8080/verify/Ab3dE9xQ", .high),
        ("Grüße aus Zürich — 東京 ✓", .quartile),
        ("", .low),
        (long300, .low),
        (long300, .high),
    ])
    func roundTrip(text: String, errorCorrection: QRCode.ErrorCorrection) async throws {
        let code = try QRCode(encoding: text, errorCorrection: errorCorrection)
        let decoded = try await Self.decode(code)
        #expect(decoded == text)
    }

    @Test func longTextNeedsVersionsWithVersionInformation() throws {
        let low = try QRCode(encoding: Self.long300, errorCorrection: .low)
        let high = try QRCode(encoding: Self.long300, errorCorrection: .high)
        #expect(low.version == 11)
        #expect(high.version == 18)
    }

    /// Every mask, so a slip in one mask condition cannot hide behind the automatic choice.
    @Test(arguments: 0..<8)
    func everyMaskDecodes(mask: Int) async throws {
        let text = "http://127.0.0.1:8080/verify/Ab3dE9xQ"
        let code = try QRCode(encoding: text, errorCorrection: .medium, mask: mask)
        let decoded = try await Self.decode(code)
        #expect(code.mask == mask)
        #expect(decoded == text)
    }

    /// Full symbols from version 7 up, including 2 953 bytes at 40-L. Every version and level
    /// is compared module by module with qrencode; these check that a reader accepts them.
    @Test(arguments: [
        (7, QRCode.ErrorCorrection.high), (10, .quartile), (27, .medium), (40, .low), (40, .high),
    ])
    func fullSymbolsDecode(version: Int, errorCorrection: QRCode.ErrorCorrection) async throws {
        let capacity = QRCode.byteCapacity(version: version, errorCorrection: errorCorrection)
        let text = String((0..<capacity).map { index in Character(Unicode.Scalar(UInt8(65 + (index * 11 + version) % 26))) })
        let code = try QRCode(encoding: text, errorCorrection: errorCorrection)
        let decoded = try await Self.decode(code)
        #expect(code.version == version)
        // Compared as a flag so a failure does not print thousands of characters twice.
        let matches = decoded == text
        #expect(matches, "zbarimg read \(decoded.utf8.count) of \(capacity) bytes, or different ones")
    }
}
