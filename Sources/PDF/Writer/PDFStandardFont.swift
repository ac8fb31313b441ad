/// The standard Type 1 fonts a PDF consumer provides itself (ISO 32000-1 §9.6.2.2), of which
/// the writer supports the Helvetica and Courier families. They are not embedded, and text
/// in them is encoded as WinAnsiEncoding.
public enum PDFStandardFont: String, Sendable, Hashable, CaseIterable {
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

    /// The PostScript name written as the font's `/BaseFont`.
    public var baseFontName: String {
        rawValue
    }

    /// The name under which pages list the font in their resources and content streams
    /// select it; the base font name serves, being unique and a valid PDF name.
    var resourceName: String {
        rawValue
    }

    /// The font dictionary (§9.6.2.1).
    var dictionary: PDFDictionary {
        [
            "Type": .name("Font"),
            "Subtype": .name("Type1"),
            "BaseFont": .name(baseFontName),
            "Encoding": .name("WinAnsiEncoding"),
        ]
    }
}
