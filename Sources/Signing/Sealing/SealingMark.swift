/// One thing a recipient put on the document: what it shows and where.
public struct SealingMark: Sendable, Hashable {
    /// Where the mark goes.
    public var box: PageBox
    /// What it shows.
    public var content: MarkContent

    /// Creates a mark showing `content` in `box`.
    public init(box: PageBox, content: MarkContent) {
        self.box = box
        self.content = content
    }
}
