import Foundation

/// Finds a TrueType font with Chinese, Japanese and Korean glyphs among the fonts that Linux
/// distributions install, for text that the standard fonts cannot show.
public enum PDFSystemFontLocator {
    /// Where the distributions' packages put TrueType fonts with CJK glyphs, most complete
    /// first. Fonts with PostScript outlines, such as Noto CJK, are left out, as they cannot
    /// be embedded as TrueType.
    public static let cjkFontPaths = [
        "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf",  // Debian, Ubuntu: fonts-droid-fallback
        "/usr/share/fonts/google-droid-sans-fonts/DroidSansFallbackFull.ttf",  // Fedora
        "/usr/share/fonts/droid/DroidSansFallbackFull.ttf",  // Arch Linux
        "/usr/share/fonts/opentype/ipafont-gothic/ipagp.ttf",  // Debian: fonts-ipafont-gothic
        "/usr/share/fonts/truetype/vlgothic/VL-PGothic-Regular.ttf",  // Debian: fonts-vlgothic
        "/usr/share/fonts/truetype/takao-gothic/TakaoPGothic.ttf",  // Ubuntu: fonts-takao-gothic
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",  // Debian: fonts-wqy-microhei
        "/usr/share/fonts/truetype/arphic/uming.ttc",  // Debian: fonts-arphic-uming
    ]

    /// The characters a font must have glyphs for to count as CJK-capable: a kanji (also a
    /// hanzi and a hanja), a hiragana and a katakana letter.
    private static let probe: [Unicode.Scalar] = ["\u{5C71}", "\u{3042}", "\u{30A2}"]

    /// The path and first font of the first file of ``cjkFontPaths`` that can be read as a
    /// TrueType font with glyphs for kanji and kana; `nil` when none can.
    public static func cjkFont() -> (path: String, font: TrueTypeFont)? {
        for path in cjkFontPaths {
            guard let contents = FileManager.default.contents(atPath: path),
                let font = try? TrueTypeFont(bytes: [UInt8](contents)),
                probe.allSatisfy({ font.glyphID(for: $0) != 0 })
            else { continue }
            return (path, font)
        }
        return nil
    }
}
