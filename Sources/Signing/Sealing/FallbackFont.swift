import PDF

/// The font for text that Helvetica cannot show (names in Japanese, Chinese or Korean): the
/// system's CJK TrueType font, read once per process and only when some text needs it.
enum FallbackFont {
    /// The CJK font, or `nil` when the system has none (see ``PDF/PDFSystemFontLocator``).
    private static let cjk: TrueTypeFont? = PDFSystemFontLocator.cjkFont()?.font

    /// A fresh embedding of the CJK font when any of `texts` needs it; `nil` when none does,
    /// or when there is no such font (the characters then show as `?`).
    static func embedding(for texts: [String]) -> PDFEmbeddedFont? {
        guard texts.contains(where: PDFAppearanceStream.needsFallbackFont(for:)), let cjk else { return nil }
        return PDFEmbeddedFont(font: cjk)
    }
}
