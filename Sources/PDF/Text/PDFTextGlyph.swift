/// One shown glyph of a page's text, as text extraction reads it: the Unicode text its
/// character code stands for and where it is drawn.
///
/// The glyph's rectangle is taken in text space from the glyph's origin on the baseline
/// across its width (its horizontal advance without character or word spacing) and from the
/// baseline up by the font size (raised by the text rise). ``box`` is that rectangle carried
/// into the user space of the page by the text matrix and the current transformation matrix;
/// when they rotate or skew it, ``box`` is the axis-aligned rectangle around the carried one.
/// For upright text, `box.x` is the pen position, `box.y` the baseline, `box.width` the
/// advance and `box.height` the rendered font size. In vertical writing (`Identity-V`) the
/// rectangle is centred on the pen horizontally and runs down from it by the vertical
/// advance.
public struct PDFTextGlyph: Sendable, Hashable {
    /// The Unicode text of the glyph's character code: usually one character, several for a
    /// ligature, empty when the font does not say what the code stands for.
    public var text: String
    /// Where the glyph is, in the default user space of the page (the space of its media
    /// box, y upwards, before the page's `/Rotate`).
    public var box: PDFRect
    /// The font size as rendered in user space: the `Tf` size scaled by the text matrix and
    /// the current transformation matrix along the glyph's vertical axis.
    public var fontSize: Double

    /// Creates a glyph.
    public init(text: String, box: PDFRect, fontSize: Double) {
        self.text = text
        self.box = box
        self.fontSize = fontSize
    }
}
