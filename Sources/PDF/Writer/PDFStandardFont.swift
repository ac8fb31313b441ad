/// The standard 14 Type 1 fonts a PDF consumer provides itself (ISO 32000-1 §9.6.2.2). They
/// are not embedded. Text in the Times, Helvetica and Courier families is encoded as
/// WinAnsiEncoding; Symbol and ZapfDingbats are symbolic fonts that keep their built-in
/// encodings, so their text is given as codes of those (see ``usesWinAnsiEncoding``).
public enum PDFStandardFont: String, Sendable, Hashable, CaseIterable {
    /// Times Roman, a serif face.
    case timesRoman = "Times-Roman"
    /// Times Bold.
    case timesBold = "Times-Bold"
    /// Times Italic.
    case timesItalic = "Times-Italic"
    /// Times Bold Italic.
    case timesBoldItalic = "Times-BoldItalic"
    /// Helvetica.
    case helvetica = "Helvetica"
    /// Helvetica Bold.
    case helveticaBold = "Helvetica-Bold"
    /// Helvetica Oblique.
    case helveticaOblique = "Helvetica-Oblique"
    /// Helvetica Bold Oblique.
    case helveticaBoldOblique = "Helvetica-BoldOblique"
    /// Courier, monospaced.
    case courier = "Courier"
    /// Courier Bold, monospaced.
    case courierBold = "Courier-Bold"
    /// Courier Oblique, monospaced.
    case courierOblique = "Courier-Oblique"
    /// Courier Bold Oblique, monospaced.
    case courierBoldOblique = "Courier-BoldOblique"
    /// Symbol: Greek letters and mathematical signs, in its built-in encoding.
    case symbol = "Symbol"
    /// ZapfDingbats: ornaments, arrows and check marks, in its built-in encoding.
    case zapfDingbats = "ZapfDingbats"

    /// The PostScript name written as the font's `/BaseFont`.
    public var baseFontName: String {
        rawValue
    }

    /// The name under which pages list the font in their resources and content streams
    /// select it; the base font name serves, being unique and a valid PDF name.
    var resourceName: String {
        rawValue
    }

    /// Whether text in the font is encoded as WinAnsiEncoding: true for the Times, Helvetica
    /// and Courier families, false for Symbol and ZapfDingbats, whose codes select glyphs of
    /// their built-in encodings (see ``PDFFontMetrics/code(ofGlyphNamed:in:)``).
    public var usesWinAnsiEncoding: Bool {
        switch self {
        case .symbol, .zapfDingbats: false
        default: true
        }
    }

    /// The font dictionary (§9.6.2.1); a symbolic font has no `/Encoding`, so its built-in
    /// one applies.
    var dictionary: PDFDictionary {
        var dictionary: PDFDictionary = [
            "Type": .name("Font"),
            "Subtype": .name("Type1"),
            "BaseFont": .name(baseFontName),
        ]
        if usesWinAnsiEncoding {
            dictionary["Encoding"] = .name("WinAnsiEncoding")
        }
        return dictionary
    }
}
