/// One page of a ``PDFDocument``: its size, what is drawn on it and its links.
public struct PDFPage: Sendable {
    /// The page size, which becomes its media box with the origin at the bottom-left corner.
    public var size: PDFSize
    /// What is drawn on the page.
    public var content: PDFContentStream
    /// The clickable areas of the page.
    public var links: [PDFLink]
    /// The images ``drawImage(_:in:)`` painted, in order; the page lists them as resources.
    var images: [PDFImage]

    /// Creates an empty page of `size`.
    public init(size: PDFSize = .a4) {
        self.size = size
        self.content = PDFContentStream()
        self.links = []
        self.images = []
    }
}
