extension PDFStandardFont {
    /// The standard font whose metrics a font named `baseFontName` has, for a font
    /// dictionary without `/Widths` (ISO 32000-1 §9.6.2.2).
    ///
    /// A subset tag (`ABCDEF+`) is ignored. Besides the 14 names themselves, the names that
    /// Windows and Office give the metric-compatible fonts are recognized by family and
    /// style: Arial as Helvetica, Times New Roman as Times, Courier New as Courier, with
    /// `Bold` and `Italic` or `Oblique` anywhere in the name (`Arial,BoldItalic`,
    /// `TimesNewRomanPS-BoldMT`).
    init?(baseFontName: String) {
        var name = Substring(baseFontName)
        if let plus = name.firstIndex(of: "+"), name.distance(from: name.startIndex, to: plus) == 6 {
            name = name[name.index(after: plus)...]
        }
        if let exact = PDFStandardFont(rawValue: String(name)) {
            self = exact
            return
        }
        let isBold = name.contains("Bold")
        let isItalic = name.contains("Italic") || name.contains("Oblique")
        if name.hasPrefix("Arial") || name.hasPrefix("Helvetica") {
            self = isBold ? (isItalic ? .helveticaBoldOblique : .helveticaBold) : (isItalic ? .helveticaOblique : .helvetica)
        } else if name.hasPrefix("TimesNewRoman") || name.hasPrefix("Times") {
            self = isBold ? (isItalic ? .timesBoldItalic : .timesBold) : (isItalic ? .timesItalic : .timesRoman)
        } else if name.hasPrefix("CourierNew") || name.hasPrefix("Courier") {
            self = isBold ? (isItalic ? .courierBoldOblique : .courierBold) : (isItalic ? .courierOblique : .courier)
        } else {
            return nil
        }
    }
}
