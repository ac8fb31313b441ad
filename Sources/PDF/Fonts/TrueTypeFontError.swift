/// Why bytes could not be read as a TrueType font.
public enum TrueTypeFontError: Error, Sendable, Equatable {
    /// The bytes end, or a table ends, before a structure that should be inside them; the
    /// associated value names what was being read.
    case truncated(String)
    /// The bytes do not start with a TrueType or TrueType-collection header.
    case notATrueTypeFont
    /// The font is OpenType with PostScript (CFF) outlines, `OTTO`, which cannot be embedded
    /// as a TrueType font program.
    case postScriptOutlines
    /// The collection holds `count` fonts, and font `index` was asked for.
    case fontIndexOutOfRange(index: Int, count: Int)
    /// A table that every TrueType font needs is absent; the value is its tag.
    case missingTable(String)
    /// A table holds values that contradict each other or the rest of the font; the values
    /// are its tag and what is wrong.
    case malformedTable(String, String)
}
