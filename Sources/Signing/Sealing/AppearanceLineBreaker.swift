import PDF

/// Breaks text into lines that fit a width, measured as an appearance stream draws it (in a
/// standard font, with the characters it cannot show in the stream's fallback font), and
/// shortens text that must fit one line.
struct AppearanceLineBreaker {
    /// The stream whose fonts measure the text.
    let appearance: PDFAppearanceStream
    /// The standard font the text is drawn in.
    let font: PDFStandardFont
    /// The font size, in points.
    let size: Double

    /// The width of `text`, in points.
    func width(of text: String) -> Double {
        appearance.width(of: text, font: font, size: size)
    }

    /// The lines of `text` at most `maxWidth` wide, breaking at spaces, and inside words
    /// too long for a line of their own; line breaks in `text` are kept. With `maxLines`, the
    /// lines beyond it are dropped and the last one kept ends in an ellipsis.
    func lines(of text: String, maxWidth: Double, maxLines: Int = .max) -> [String] {
        var lines: [String] = []
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            var line = ""
            for word in paragraph.split(separator: " ") {
                let candidate = line.isEmpty ? String(word) : line + " " + word
                if width(of: candidate) <= maxWidth {
                    line = candidate
                    continue
                }
                if !line.isEmpty {
                    lines.append(line)
                    line = ""
                }
                for character in word {
                    if !line.isEmpty, width(of: line + String(character)) > maxWidth {
                        lines.append(line)
                        line = ""
                    }
                    line.append(character)
                }
            }
            lines.append(line)
        }
        guard lines.count > maxLines else { return lines }
        var kept = Array(lines.prefix(max(maxLines, 1)))
        kept[kept.count - 1] = truncated(kept[kept.count - 1] + "…", maxWidth: maxWidth)
        return kept
    }

    /// `text` on one line at most `maxWidth` wide: as it is when it fits, else cut and ended
    /// with an ellipsis.
    func truncated(_ text: String, maxWidth: Double) -> String {
        let flat = text.split(whereSeparator: \.isNewline).joined(separator: " ")
        guard width(of: flat) > maxWidth else { return flat }
        var kept = flat.hasSuffix("…") ? String(flat.dropLast()) : flat
        while !kept.isEmpty, width(of: kept + "…") > maxWidth {
            kept.removeLast()
        }
        return kept + "…"
    }
}
