import PDF

/// Draws the visible part of a signature: its text on one line, upright on the page as
/// displayed.
enum PDFSignatureAppearanceBuilder {
    /// The appearance stream showing `text` at `fontSize`, sized to it with a small margin,
    /// turned to read upright on a page with `geometry`.
    static func appearance(_ text: String, fontSize: Double, geometry: PDFPageGeometry) -> PDFAppearanceStream {
        let margin = fontSize * 0.2
        let font = PDFStandardFont.helvetica
        let width = PDFFontMetrics.width(of: text, font: font, size: fontSize) + 2 * margin
        let height = fontSize * 1.2 + 2 * margin
        var content = PDFContentStream()
        content.drawText(text, at: PDFPoint(x: margin, y: margin + fontSize * 0.25), font: font, size: fontSize)
        return PDFAppearanceStream(size: PDFSize(width: width, height: height), content: content, matrix: geometry.uprightMatrix)
    }
}
