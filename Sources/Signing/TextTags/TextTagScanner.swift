import PDF

/// Finds text tags, `{{…}}`, in the text of a page and where each is drawn.
///
/// The glyphs' texts are joined in content-stream order, so a tag is found when it is written
/// as one run of text, however its glyphs are split across text-showing operators. A tag
/// must close within ``maximumLength`` characters and sit on one line; text that does not
/// qualify is left alone.
enum TextTagScanner {
    /// The longest tag, braces included, in Unicode scalars.
    static let maximumLength = 400

    /// A tag found on a page.
    struct Found: Sendable, Equatable {
        /// What is between the braces.
        let content: String
        /// The glyphs of the tag, braces included, in the page's user space.
        let box: PDFRect
    }

    /// The tags drawn by `glyphs`, in order.
    static func tags(in glyphs: [PDFTextGlyph]) -> [Found] {
        var scalars: [(scalar: Unicode.Scalar, glyph: Int)] = []
        for (index, glyph) in glyphs.enumerated() {
            for scalar in glyph.text.unicodeScalars { scalars.append((scalar, index)) }
        }
        var found: [Found] = []
        var start = 0
        while start + 1 < scalars.count {
            guard scalars[start].scalar == "{", scalars[start + 1].scalar == "{" else {
                start += 1
                continue
            }
            guard let end = closingBraces(in: scalars, after: start + 2) else {
                start += 2
                continue
            }
            let content = String(String.UnicodeScalarView(scalars[(start + 2)..<end].map(\.scalar)))
            let tagGlyphs = glyphs[scalars[start].glyph...scalars[end + 1].glyph]
            if let box = lineBox(of: tagGlyphs) { found.append(Found(content: content, box: box)) }
            start = end + 2
        }
        return found
    }

    /// The index of the first `}` of the `}}` that closes a tag whose content starts at
    /// `contentStart`, or `nil` when another `{{` or the length limit comes first.
    private static func closingBraces(in scalars: [(scalar: Unicode.Scalar, glyph: Int)], after contentStart: Int) -> Int? {
        var index = contentStart
        let limit = min(scalars.count - 1, contentStart - 2 + maximumLength - 1)
        while index < limit {
            let pair = (scalars[index].scalar, scalars[index + 1].scalar)
            if pair == ("}", "}") { return index }
            if pair == ("{", "{") { return nil }
            index += 1
        }
        return nil
    }

    /// The rectangle around `glyphs`, or `nil` when they do not sit on one line: across the
    /// line (its narrower side), the rectangle is more than twice the largest font size.
    private static func lineBox(of glyphs: ArraySlice<PDFTextGlyph>) -> PDFRect? {
        guard let first = glyphs.first else { return nil }
        var left = first.box.x
        var bottom = first.box.y
        var right = first.box.x + first.box.width
        var top = first.box.y + first.box.height
        var fontSize = first.fontSize
        for glyph in glyphs.dropFirst() {
            left = min(left, glyph.box.x)
            bottom = min(bottom, glyph.box.y)
            right = max(right, glyph.box.x + glyph.box.width)
            top = max(top, glyph.box.y + glyph.box.height)
            fontSize = max(fontSize, glyph.fontSize)
        }
        guard min(right - left, top - bottom) <= 2 * fontSize else { return nil }
        return PDFRect(x: left, y: bottom, width: right - left, height: top - bottom)
    }
}
