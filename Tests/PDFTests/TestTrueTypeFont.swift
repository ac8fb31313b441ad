@testable import PDF

/// A minimal TrueType font made by hand for the tests: glyph 0 `.notdef` (empty), glyph 1
/// a triangle mapped from `A`, and glyph 2 a composite of glyph 1 mapped from `B`.
enum TestTrueTypeFont {
    /// The advance widths of glyphs 0, 1 and 2, in units of 1000 per em.
    static let advanceWidths = [500, 600, 700]

    /// The font file.
    static func bytes() -> [UInt8] {
        TrueTypeFileAssembler.assemble(tables())
    }

    /// The font's tables, by tag.
    static func tables() -> [(tag: String, data: [UInt8])] {
        // One contour of three on-curve points, coordinates as 16-bit deltas.
        let triangle = words([1, 0, 0, 500, 700, 2, 0]) + [1, 1, 1] + words([0, 500, 0xFFFF - 249]) + words([0, 700, 0xFFFF - 699])
        // One component, glyph 1, with 16-bit offsets (0, 0) taken as x and y.
        let composite = words([0xFFFF, 0, 0, 500, 700, 0x0003, 1, 0, 0])
        var glyphs = triangle + [0]  // padded to an even length
        let compositeOffset = glyphs.count
        glyphs += composite
        let head =
            words([1, 0, 1, 0]) + words([0, 0, 0x5F0F, 0x3CF5, 0x000B, 1000]) + Array(repeating: 0, count: 16)
            + words([0, 0, 500, 700, 0, 8, 2, 0, 0])
        let hhea = words([1, 0, 800, 0xFFFF - 199, 0, 700, 0, 0, 500, 1, 0, 0, 0, 0, 0, 0, 0, 3])
        let maxp = words([1, 0, 3]) + Array(repeating: 0, count: 26)
        let hmtx = words(advanceWidths.flatMap { [$0, 0] })
        let loca = words([0, 0, compositeOffset / 2, glyphs.count / 2])
        // One Windows BMP subtable, format 4: A and B to glyphs 1 and 2 by delta -64.
        let cmap =
            words([0, 1, 3, 1, 0, 12])
            + words([4, 32, 0, 4, 4, 1, 0, 0x42, 0xFFFF, 0, 0x41, 0xFFFF, 0xFFFF - 63, 1, 0, 0])
        return [("head", head), ("hhea", hhea), ("maxp", maxp), ("hmtx", hmtx), ("loca", loca), ("glyf", glyphs), ("cmap", cmap)]
    }

    /// `values` as big-endian 16-bit words.
    private static func words(_ values: [Int]) -> [UInt8] {
        values.flatMap { [UInt8(truncatingIfNeeded: $0 >> 8), UInt8(truncatingIfNeeded: $0)] }
    }
}
