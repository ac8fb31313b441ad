import PDF

/// The reserved audit page at the end of every prepared PDF: a header drawn when the document
/// is assembled, and below it the content area that the platform seal's widget fills with
/// the audit trail when the document is completed.
///
/// Both steps derive the layout from the page's size alone, so the seal finds the area the
/// assembler left free without any other record.
struct AuditPageLayout {
    /// The page size, in points.
    let size: PDFSize

    /// The blank border around everything, in points.
    static let margin = 48.0
    /// The height of the header above the content area, in points.
    static let headerHeight = 86.0
    /// The page's title.
    static let title = "Audit trail"
    /// What the page says before the seal fills it.
    static let pendingNote = "The audit trail record is added to this page when the last recipient has signed."

    /// The area the audit trail is drawn in, in points from the page's bottom-left corner.
    var contentArea: PDFRect {
        PDFRect(
            x: Self.margin,
            y: Self.margin,
            width: size.width - 2 * Self.margin,
            height: size.height - 2 * Self.margin - Self.headerHeight
        )
    }

    /// The page as assembled: the title, the document's name and id, the note that the
    /// record comes at completion, and a rule above the content area.
    func page(documentName: String, documentID: String) -> PDFAppearanceStream {
        let idLine = "Document ID: \(documentID)"
        var page = PDFAppearanceStream(size: size, fallbackFont: FallbackFont.embedding(for: [documentName, idLine]))
        let left = Self.margin
        let width = size.width - 2 * Self.margin
        let top = size.height - Self.margin
        page.drawText(Self.title, at: PDFPoint(x: left, y: top - 14), font: .helveticaBold, size: 18)
        let name = AppearanceLineBreaker(appearance: page, font: .helvetica, size: 12).truncated(documentName, maxWidth: width)
        page.drawText(name, at: PDFPoint(x: left, y: top - 36), font: .helvetica, size: 12)
        page.content.setFillColor(.gray(0.35))
        let id = AppearanceLineBreaker(appearance: page, font: .helvetica, size: 9).truncated(idLine, maxWidth: width)
        page.drawText(id, at: PDFPoint(x: left, y: top - 52), font: .helvetica, size: 9)
        page.drawText(Self.pendingNote, at: PDFPoint(x: left, y: top - 66), font: .helvetica, size: 9)
        page.content.setStrokeColor(.gray(0.6))
        page.content.setLineWidth(0.5)
        page.content.strokeLine(from: PDFPoint(x: left, y: top - 76), to: PDFPoint(x: left + width, y: top - 76))
        return page
    }
}
