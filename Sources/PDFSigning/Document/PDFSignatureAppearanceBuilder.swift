import PDF

/// Draws the visible part of a signature: its text on one line, upright on the page as
/// displayed.
enum PDFSignatureAppearanceBuilder {
    /// The appearance stream showing the text of `appearance`, sized to it with a small
    /// margin, turned to read upright on a page with `geometry`.
    static func appearance(_ appearance: PDFSignatureAppearance, geometry: PDFPageGeometry) -> PDFAppearanceStream {
        let fontSize = appearance.fontSize
        let margin = fontSize * 0.2
        var stream = PDFAppearanceStream(size: PDFSize(width: 0, height: 0), matrix: geometry.uprightMatrix, fallbackFont: appearance.fallbackFont)
        let width = stream.width(of: appearance.text, font: .helvetica, size: fontSize) + 2 * margin
        stream.size = PDFSize(width: width, height: fontSize * 1.2 + 2 * margin)
        stream.drawText(appearance.text, at: PDFPoint(x: margin, y: margin + fontSize * 0.25), font: .helvetica, size: fontSize)
        return stream
    }
}
