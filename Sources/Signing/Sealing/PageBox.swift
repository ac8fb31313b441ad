import PDF

/// A rectangle on a page of a prepared PDF, in SignWell's units: CSS pixels at 96 dpi,
/// measured from the top-left corner of the page as a viewer displays it (its crop box,
/// turned by its rotation). One pixel is 0.75 points.
public struct PageBox: Sendable, Hashable {
    /// The page, counted from 0 in the prepared PDF.
    public var pageIndex: Int
    /// The distance of the left edge from the page's left edge, in pixels.
    public var x: Double
    /// The distance of the top edge from the page's top edge, in pixels.
    public var y: Double
    /// The width, in pixels.
    public var width: Double
    /// The height, in pixels.
    public var height: Double

    /// Creates a box on page `pageIndex`.
    public init(pageIndex: Int, x: Double, y: Double, width: Double, height: Double) {
        self.pageIndex = pageIndex
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Points per pixel: a CSS pixel is 1/96 inch, a point 1/72.
    static let pointsPerPixel = 0.75

    /// The box in the coordinates the PDF module uses for a displayed page, points from its
    /// bottom-left corner, on a page `visibleHeight` points high.
    func displayedRect(visibleHeight: Double) -> PDFRect {
        let scale = Self.pointsPerPixel
        return PDFRect(x: x * scale, y: visibleHeight - (y + height) * scale, width: width * scale, height: height * scale)
    }

    /// The box showing `rect`, a rectangle in points from the bottom-left corner of page
    /// `pageIndex` as displayed, which is `visibleHeight` points high.
    init(pageIndex: Int, displayedRect rect: PDFRect, visibleHeight: Double) {
        let scale = Self.pointsPerPixel
        self.init(
            pageIndex: pageIndex,
            x: rect.x / scale,
            y: (visibleHeight - rect.y - rect.height) / scale,
            width: rect.width / scale,
            height: rect.height / scale
        )
    }
}
