import Foundation
import Testing

@testable import QRCode

/// Compares whole symbols with another encoder: qrencode (Debian package `qrencode`).
///
/// qrencode picks its mask with its own reading of the penalty rules, and its command line
/// cannot force one. So each test reads the mask qrencode chose from its format information,
/// encodes the same bytes with that mask, and then requires every module to match: function
/// patterns, format and version information, codeword placement, Reed–Solomon blocks and
/// padding all at once.
@Suite(
    .enabled(
        if: FileManager.default.isExecutableFile(atPath: ExternalTool.qrencode),
        "needs /usr/bin/qrencode (Debian package qrencode)"
    )
)
struct QRencodeComparisonTests {
    /// qrencode's symbol for `text` as rows of modules, `true` for dark.
    static func qrencodeModules(_ text: String, level: String, version: Int) async throws -> [[Bool]] {
        let (status, output) = try await ExternalTool.run(
            ExternalTool.qrencode, ["-t", "ASCII", "-m", "0", "-8", "-l", level, "-v", "\(version)", text]
        )
        #expect(status == 0)
        // Each module is two characters: "##" dark, "  " light.
        return output.split(separator: "\n").map { line in
            let characters = Array(line.utf8)
            return stride(from: 0, to: characters.count, by: 2).map { characters[$0] == UInt8(ascii: "#") }
        }
    }

    static func levelLetter(_ level: QRCode.ErrorCorrection) -> String {
        switch level {
        case .low: "L"
        case .medium: "M"
        case .quartile: "Q"
        case .high: "H"
        }
    }

    @Test(arguments: [1, 2, 6, 7, 10, 14, 21, 32, 40], QRCode.ErrorCorrection.allCases)
    func sameModulesAsQRencode(version: Int, errorCorrection: QRCode.ErrorCorrection) async throws {
        // One byte short of capacity, so the terminator, padding and every block are exercised.
        let length = QRCode.byteCapacity(version: version, errorCorrection: errorCorrection) - 1
        let text = String((0..<length).map { index in Character(Unicode.Scalar(UInt8(97 + (index * 5 + version) % 26))) })
        let theirs = try await Self.qrencodeModules(text, level: Self.levelLetter(errorCorrection), version: version)
        let size = QRCode.size(ofVersion: version)
        try #require(theirs.count == size && theirs.allSatisfy { $0.count == size })

        let format = (0..<15).reduce(0) { bits, index in
            let (x, y) = FormatInformation.positions(ofBit: index, size: size)[0]
            return bits | (theirs[y][x] ? 1 << index : 0)
        }
        let theirMask = (format ^ FormatInformation.mask) >> 10 & 0b111
        let ours = try QRCode(encoding: text, errorCorrection: errorCorrection, minimumVersion: version, mask: theirMask)

        #expect(ours.version == version)
        let differing = (0..<size).flatMap { y in (0..<size).map { x in (x, y) } }
            .filter { x, y in ours.isDark(x: x, y: y) != theirs[y][x] }
        #expect(differing.isEmpty, "\(differing.count) modules differ from qrencode's, first at \(differing.prefix(3))")
    }
}
