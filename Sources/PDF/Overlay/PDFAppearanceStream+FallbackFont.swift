extension PDFAppearanceStream {
    /// Whether `text` has characters the standard fonts cannot show (they are outside
    /// WinAnsiEncoding), so that drawing it needs a ``fallbackFont``. Lets callers load and
    /// embed a large font only for the text that needs it.
    public static func needsFallbackFont(for text: String) -> Bool {
        PDFWinAnsiEncoding.normalized(text).contains { character in
            character != "?" && PDFWinAnsiEncoding.code(for: character) == PDFWinAnsiEncoding.replacement
        }
    }
}
