import Foundation
import Signing

/// A page as a viewer shows it: rendered by `pdftoppm -r 96 -gray -cropbox`, so that one
/// pixel of the picture is one SignWell pixel, with the same top-left origin.
struct PageRendering {
    /// The width in pixels.
    let width: Int
    /// The height in pixels.
    let height: Int
    /// The gray levels, row by row from the top; 0 is black, 255 white.
    let pixels: [UInt8]

    /// Renders page `pageIndex` (from 0) of the PDF file at `path`.
    init(path: String, pageIndex: Int, in scratch: SealingScratch) async throws {
        let prefix = scratch.url.appendingPathComponent("render-\(UUID().uuidString)").path
        let page = String(pageIndex + 1)
        let result = try await ValidatorTool("pdftoppm").run(
            ["-r", "96", "-gray", "-cropbox", "-f", page, "-l", page, "-singlefile", path, prefix], in: scratch.url)
        guard result.status == 0 else { throw ValidatorTool.Failure(description: "pdftoppm: \(result.errors)") }
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: prefix + ".pgm")))
        var fields: [Int] = []
        var index = 0
        while fields.count < 3, index < bytes.count {
            var digits = ""
            while index < bytes.count, bytes[index] != 0x20, bytes[index] != 0x0A {
                digits.append(Character(UnicodeScalar(bytes[index])))
                index += 1
            }
            index += 1
            if let value = Int(digits) { fields.append(value) } else if !digits.isEmpty, digits != "P5" { break }
        }
        guard fields.count == 3 else { throw ValidatorTool.Failure(description: "not a binary PGM") }
        width = fields[0]
        height = fields[1]
        pixels = Array(bytes[index...])
    }

    /// The share of the pixels inside `box` (its page index is not looked at) that are darker
    /// than mid-gray, 0…1; `inset` pixels of each edge are left out, to allow for rounding.
    func darkShare(in box: PageBox, inset: Double = 2) -> Double {
        let left = max(0, Int((box.x + inset).rounded()))
        let right = min(width, Int((box.x + box.width - inset).rounded()))
        let top = max(0, Int((box.y + inset).rounded()))
        let bottom = min(height, Int((box.y + box.height - inset).rounded()))
        guard right > left, bottom > top else { return 0 }
        var dark = 0
        for row in top..<bottom {
            for column in left..<right where pixels[row * width + column] < 128 {
                dark += 1
            }
        }
        return Double(dark) / Double((right - left) * (bottom - top))
    }
}
