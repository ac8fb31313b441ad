/// Breaks text into lines that fit a width when drawn in a standard font.
public enum PDFTextWrapper {
    /// The lines of `text` drawn in `font` at `size` points, each at most `maxWidth` points
    /// wide as measured by ``PDFFontMetrics/width(of:font:size:)``.
    ///
    /// Lines break at spaces, and a run of spaces collapses to one; the spaces at a break are
    /// dropped. Line breaks in `text` start new lines, and an empty paragraph gives an empty
    /// line. A word wider than `maxWidth` on its own, such as a long hexadecimal hash, is
    /// broken between characters; a single character wider than `maxWidth` still gets a line
    /// of its own. The lines are in Unicode normalization form C, in which a letter and its
    /// combining accent are one character, and there is always at least one.
    public static func lines(of text: String, font: PDFStandardFont, size: Double, maxWidth: Double) -> [String] {
        func units(of character: Character) -> Int {
            PDFFontMetrics.glyphWidth(of: PDFWinAnsiEncoding.code(for: character), in: font)
        }
        func fits(_ units: Int) -> Bool {
            Double(units) * size / 1000 <= maxWidth
        }
        let spaceUnits = units(of: " ")

        var lines: [String] = []
        for paragraph in PDFWinAnsiEncoding.normalized(text).split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line = ""
            var lineUnits = 0
            for word in paragraph.split(separator: " ") {
                let wordUnits = word.reduce(0) { $0 + units(of: $1) }
                if !line.isEmpty, fits(lineUnits + spaceUnits + wordUnits) {
                    line += " " + word
                    lineUnits += spaceUnits + wordUnits
                    continue
                }
                if !line.isEmpty {
                    lines.append(line)
                }
                if fits(wordUnits) {
                    line = String(word)
                    lineUnits = wordUnits
                    continue
                }
                line = ""
                lineUnits = 0
                for character in word {
                    let characterUnits = units(of: character)
                    if !line.isEmpty, !fits(lineUnits + characterUnits) {
                        lines.append(line)
                        line = ""
                        lineUnits = 0
                    }
                    line.append(character)
                    lineUnits += characterUnits
                }
            }
            lines.append(line)
        }
        return lines
    }
}
