/// The parts of the graphics state that place text (ISO 32000-1 §8.4.1, §9.3): what `q`
/// saves and `Q` restores for text extraction.
struct PDFTextGraphicsState {
    /// The current transformation matrix, from user space to the page's default user space.
    var transformation = PDFTransformationMatrix.identity
    /// The font set by `Tf`; `nil` before any.
    var font: PDFTextFont?
    /// The font size set by `Tf`, in text space units.
    var fontSize = 0.0
    /// `Tc`: space added after every glyph, in unscaled text space units.
    var characterSpacing = 0.0
    /// `Tw`: space added after every single-byte code 32.
    var wordSpacing = 0.0
    /// `Tz` divided by 100: the horizontal stretch of glyphs and spacing.
    var horizontalScaling = 1.0
    /// `TL`: the distance between baselines that `T*`, `'` and `"` move down by.
    var leading = 0.0
    /// `Ts`: how far the baseline is raised.
    var rise = 0.0
}
