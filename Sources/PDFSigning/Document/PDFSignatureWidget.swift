import PDF

/// One visible mark of a signature: a widget annotation of the signature field, on a page of
/// its own choosing, showing an appearance stream.
///
/// A signature field may have any number of widgets, on any pages. Later signers of a
/// document may add nothing but signature fields and their widgets without invalidating
/// earlier signatures, so everything a signer contributes to how the document looks (the
/// signature image, initials, the values typed into fields, check marks) is drawn as widgets
/// of that signer's one signature field.
///
/// ```swift
/// var mark = PDFAppearanceStream(size: PDFSize(width: 150, height: 20))
/// mark.drawText("Jane Roe", at: PDFPoint(x: 2, y: 5), font: .helvetica, size: 12)
/// let widget = PDFSignatureWidget(pageIndex: 0, rect: PDFRect(x: 72, y: 100, width: 150, height: 20), appearance: mark)
/// let options = PDFSignatureOptions(widgets: [widget])
/// ```
public struct PDFSignatureWidget: Sendable {
    /// The page, counted from 0.
    public var pageIndex: Int
    /// Where the widget shows on the page as displayed: points from the bottom-left corner
    /// of the visible page, whatever its rotation and crop box.
    public var rect: PDFRect
    /// What the widget shows, drawn upright in its own coordinates from `(0, 0)` to its size;
    /// a size other than the rectangle's is scaled to fill it. Its ``PDFAppearanceStream/matrix``
    /// is replaced by the one that turns it upright on the page.
    public var appearance: PDFAppearanceStream

    /// Creates a widget showing `appearance` in `rect` of page `pageIndex`.
    public init(pageIndex: Int, rect: PDFRect, appearance: PDFAppearanceStream) {
        self.pageIndex = pageIndex
        self.rect = rect
        self.appearance = appearance
    }
}
