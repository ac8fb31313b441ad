/// Metrics of the standard 14 fonts, for measuring and placing text before it is drawn.
///
/// Widths are in thousandths of the font size, per single-byte code: WinAnsiEncoding codes
/// for the Latin fonts, built-in codes for Symbol and ZapfDingbats (see
/// ``PDFStandardFontWidths`` for their source). Text is drawn without kerning, so a
/// string's width is the sum of its glyphs' widths.
///
/// The vertical metrics place a line: its baseline lies ``ascent(of:size:)`` below the top
/// of a box, capital letters reach ``capHeight(of:size:)`` above the baseline, and
/// descenders reach ``descent(of:size:)`` (a negative number) below it.
public enum PDFFontMetrics {
    /// The width, in points, of `text` drawn in `font` at `size` points. Characters that
    /// WinAnsiEncoding cannot represent are measured as the `?` that replaces them. For
    /// Symbol and ZapfDingbats the WinAnsiEncoding bytes are measured as codes of the
    /// font's built-in encoding, which is how a viewer draws them.
    public static func width(of text: String, font: PDFStandardFont, size: Double) -> Double {
        width(ofCodes: PDFWinAnsiEncoding.encode(text), font: font, size: size)
    }

    /// The width, in points, of the single-byte `codes` drawn in `font` at `size` points:
    /// WinAnsiEncoding codes for the Latin fonts, built-in codes for Symbol and ZapfDingbats.
    public static func width(ofCodes codes: [UInt8], font: PDFStandardFont, size: Double) -> Double {
        let units = codes.reduce(0) { $0 + glyphWidth(of: $1, in: font) }
        return Double(units) * size / 1000
    }

    /// The code of the glyph named `name` (such as `alpha` or `a20`) in the built-in encoding
    /// of Symbol or ZapfDingbats; `nil` for the other fonts and for names the encoding lacks.
    public static func code(ofGlyphNamed name: String, in font: PDFStandardFont) -> UInt8? {
        let names: [String]
        switch font {
        case .symbol: names = PDFStandardFontWidths.symbolGlyphNames
        case .zapfDingbats: names = PDFStandardFontWidths.zapfDingbatsGlyphNames
        default: return nil
        }
        guard !name.isEmpty, let index = names.firstIndex(of: name) else { return nil }
        return UInt8(index + 32)
    }

    /// The height of `font` above the baseline, in points at `size` points: how far below the
    /// top of a box to put the baseline of a first line.
    public static func ascent(of font: PDFStandardFont, size: Double) -> Double {
        Double(verticalMetrics(of: font).ascent) * size / 1000
    }

    /// The depth of `font` below the baseline, in points at `size` points; negative.
    public static func descent(of font: PDFStandardFont, size: Double) -> Double {
        Double(verticalMetrics(of: font).descent) * size / 1000
    }

    /// The height of `font`'s capital letters above the baseline, in points at `size` points.
    public static func capHeight(of font: PDFStandardFont, size: Double) -> Double {
        Double(verticalMetrics(of: font).capHeight) * size / 1000
    }

    /// The width of the glyph for `code` in `font`, in thousandths of the font size; 0 for
    /// the codes below 32, which the writer never emits, and for codes without a glyph.
    static func glyphWidth(of code: UInt8, in font: PDFStandardFont) -> Int {
        guard code >= 32 else { return 0 }
        let index = Int(code) - 32
        switch font {
        case .timesRoman: return Int(PDFStandardFontWidths.timesRoman[index])
        case .timesBold: return Int(PDFStandardFontWidths.timesBold[index])
        case .timesItalic: return Int(PDFStandardFontWidths.timesItalic[index])
        case .timesBoldItalic: return Int(PDFStandardFontWidths.timesBoldItalic[index])
        case .helvetica, .helveticaOblique: return Int(PDFStandardFontWidths.helvetica[index])
        case .helveticaBold, .helveticaBoldOblique: return Int(PDFStandardFontWidths.helveticaBold[index])
        case .courier, .courierBold, .courierOblique, .courierBoldOblique: return Int(PDFStandardFontWidths.courier[index])
        case .symbol: return Int(PDFStandardFontWidths.symbol[index])
        case .zapfDingbats: return Int(PDFStandardFontWidths.zapfDingbats[index])
        }
    }

    /// The ascender, descender and cap height of `font` in thousandths of the font size. The
    /// Latin families have the values of Adobe's metrics for the core fonts; Symbol and
    /// ZapfDingbats, whose metrics give none, the top and bottom of their bounding boxes and
    /// the cap height of their URW++ clones.
    static func verticalMetrics(of font: PDFStandardFont) -> (ascent: Int, descent: Int, capHeight: Int) {
        switch font {
        case .timesRoman: (683, -217, 662)
        case .timesBold: (683, -217, 676)
        case .timesItalic: (683, -217, 653)
        case .timesBoldItalic: (683, -217, 669)
        case .helvetica, .helveticaBold, .helveticaOblique, .helveticaBoldOblique: (718, -207, 718)
        case .courier, .courierBold, .courierOblique, .courierBoldOblique: (629, -157, 562)
        case .symbol: (1010, -293, 673)
        case .zapfDingbats: (819, -144, 691)
        }
    }
}
