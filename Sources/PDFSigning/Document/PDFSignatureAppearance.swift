import PDF

/// Where and how a signature shows on a page: a line of text in a box whose bottom-left
/// corner is at ``origin`` of the page as displayed (points from its bottom-left corner,
/// whatever the page's rotation and crop box).
public struct PDFSignatureAppearance: Sendable {
    /// The page, counted from 0.
    public var pageIndex: Int
    /// The bottom-left corner of the text box on the displayed page.
    public var origin: PDFPoint
    /// The text shown.
    public var text: String
    /// The size of the text, in points.
    public var fontSize: Double
    /// The embedded font for text that Helvetica cannot show, such as a name in Japanese.
    public var fallbackFont: PDFEmbeddedFont?

    /// Creates an appearance showing `text` at `origin` of page `pageIndex`.
    public init(pageIndex: Int, origin: PDFPoint, text: String, fontSize: Double = 12, fallbackFont: PDFEmbeddedFont? = nil) {
        self.pageIndex = pageIndex
        self.origin = origin
        self.text = text
        self.fontSize = fontSize
        self.fallbackFont = fallbackFont
    }
}
