/// The tag that names a font subset (ISO 32000-1 §9.6.4): six upper-case letters put before
/// the font name with a plus sign, `EOODIA+DroidSansFallback`, so that two different subsets
/// of one font in a file have different names.
enum PDFSubsetTag {
    /// The tag of the subset holding `glyphs` of the font named `fontName`: letters taken
    /// from a 64-bit FNV-1a hash of the name and the glyph ids in order, so the same glyphs
    /// always get the same tag.
    static func tag(fontName: String, glyphs: [Int]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        func mix(_ byte: UInt8) {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        fontName.utf8.forEach(mix)
        for glyph in glyphs {
            mix(UInt8(truncatingIfNeeded: glyph >> 8))
            mix(UInt8(truncatingIfNeeded: glyph))
        }
        var letters: [UInt8] = []
        for _ in 0..<6 {
            letters.append(UInt8(ascii: "A") + UInt8(hash % 26))
            hash /= 26
        }
        return String(decoding: letters, as: UTF8.self)
    }
}
