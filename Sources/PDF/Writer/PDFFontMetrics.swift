/// Glyph widths of the standard fonts, for measuring text before it is drawn.
///
/// The widths are those of Adobe's font metrics (AFM) for Helvetica and Helvetica-Bold, in
/// thousandths of the font size, for the WinAnsiEncoding codes 32 to 255; the oblique faces
/// share the widths of their upright ones, and every Courier glyph is 600 wide. The euro
/// sign, which the original metrics predate, is 556 wide as in the fonts' metric-compatible
/// clones. Text is drawn without kerning, so a string's width is the sum of its glyphs'
/// widths.
public enum PDFFontMetrics {
    /// The width, in points, of `text` drawn in `font` at `size` points. Characters that
    /// WinAnsiEncoding cannot represent are measured as the `?` that replaces them.
    public static func width(of text: String, font: PDFStandardFont, size: Double) -> Double {
        let units = PDFWinAnsiEncoding.encode(text).reduce(0) { $0 + glyphWidth(of: $1, in: font) }
        return Double(units) * size / 1000
    }

    /// The width of the glyph for WinAnsiEncoding `code` in `font`, in thousandths of the font
    /// size; 0 for the codes below 32, which the writer never emits.
    static func glyphWidth(of code: UInt8, in font: PDFStandardFont) -> Int {
        guard code >= 32 else { return 0 }
        switch font {
        case .helvetica, .helveticaOblique:
            return Int(helvetica[Int(code) - 32])
        case .helveticaBold, .helveticaBoldOblique:
            return Int(helveticaBold[Int(code) - 32])
        case .courier, .courierBold, .courierOblique, .courierBoldOblique:
            return 600
        }
    }

    /// Helvetica widths for codes 32 to 255; 0 where WinAnsiEncoding defines no glyph.
    private static let helvetica: [UInt16] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 584, 278, 278,  // 0x20
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,  // 0x30
        1010, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,  // 0x40
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,  // 0x50
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,  // 0x60
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584, 0,  // 0x70
        556, 0, 222, 556, 333, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,  // 0x80
        0, 222, 222, 333, 333, 350, 556, 1000, 333, 1000, 500, 333, 944, 0, 500, 667,  // 0x90
        278, 333, 556, 556, 556, 556, 260, 556, 333, 737, 370, 556, 584, 333, 737, 333,  // 0xA0
        400, 584, 333, 333, 333, 556, 537, 278, 333, 333, 365, 556, 834, 834, 834, 611,  // 0xB0
        667, 667, 667, 667, 667, 667, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,  // 0xC0
        722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,  // 0xD0
        556, 556, 556, 556, 556, 556, 889, 500, 556, 556, 556, 556, 278, 278, 278, 278,  // 0xE0
        556, 556, 556, 556, 556, 556, 556, 584, 611, 556, 556, 556, 556, 500, 556, 500,  // 0xF0
    ]

    /// Helvetica-Bold widths for codes 32 to 255; 0 where WinAnsiEncoding defines no glyph.
    private static let helveticaBold: [UInt16] = [
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 584, 278, 278,  // 0x20
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,  // 0x30
        975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,  // 0x40
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,  // 0x50
        333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,  // 0x60
        611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584, 0,  // 0x70
        556, 0, 278, 556, 500, 1000, 556, 556, 333, 1000, 667, 333, 1000, 0, 611, 0,  // 0x80
        0, 278, 278, 500, 500, 350, 556, 1000, 333, 1000, 556, 333, 944, 0, 500, 667,  // 0x90
        278, 333, 556, 556, 556, 556, 280, 556, 333, 737, 370, 556, 584, 333, 737, 333,  // 0xA0
        400, 584, 333, 333, 333, 611, 556, 278, 333, 333, 365, 556, 834, 834, 834, 611,  // 0xB0
        722, 722, 722, 722, 722, 722, 1000, 722, 667, 667, 667, 667, 278, 278, 278, 278,  // 0xC0
        722, 722, 778, 778, 778, 778, 778, 584, 778, 722, 722, 722, 722, 667, 667, 611,  // 0xD0
        556, 556, 556, 556, 556, 556, 889, 556, 556, 556, 556, 556, 278, 278, 278, 278,  // 0xE0
        611, 611, 611, 611, 611, 611, 611, 584, 611, 611, 611, 611, 611, 556, 611, 556,  // 0xF0
    ]
}
