import Foundation
import PDF

/// Draws what a mark shows as an appearance stream the size of its box.
enum MarkAppearance {
    /// The largest font size for text, in points; smaller boxes get smaller text.
    static let largestFontSize = 12.0
    /// The space between lines of text, as a multiple of the font size.
    static let lineSpacing = 1.15

    /// The appearance of `content` in a box of `size` points; `nil` when there is nothing
    /// to show (empty text or image), so that no empty mark is added.
    static func appearance(of content: MarkContent, size: PDFSize) throws(SealingError) -> PDFAppearanceStream? {
        guard size.width > 0, size.height > 0 else { return nil }
        switch content {
        case .text(let text):
            return self.text(text, size: size)
        case .image(let bytes):
            return try image(bytes, size: size)
        case .check(let checked):
            return checkbox(checked, size: size)
        }
    }

    /// `text`, one line per line of it, left-aligned and centred vertically, in Helvetica at
    /// the largest size up to ``largestFontSize`` that fits the box's height and width.
    private static func text(_ text: String, size: PDFSize) -> PDFAppearanceStream? {
        let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { String($0) }
        guard lines.contains(where: { !$0.trimmingCharacters(in: .whitespaces).isEmpty }) else { return nil }
        var appearance = PDFAppearanceStream(size: size, fallbackFont: FallbackFont.embedding(for: lines))
        let padding = min(2, size.width * 0.1, size.height * 0.1)
        let ascent = PDFFontMetrics.ascent(of: .helvetica, size: 1)
        let descent = -PDFFontMetrics.descent(of: .helvetica, size: 1)
        let blockHeightPerPoint = Double(lines.count - 1) * lineSpacing + ascent + descent
        let widestPerPoint = lines.map { appearance.width(of: $0, font: .helvetica, size: 1) }.max() ?? 0
        var fontSize = min(largestFontSize, (size.height - 2 * padding) / blockHeightPerPoint)
        if widestPerPoint > 0 {
            fontSize = min(fontSize, (size.width - 2 * padding) / widestPerPoint)
        }
        fontSize = max(fontSize, 1)
        let blockTop = (size.height + blockHeightPerPoint * fontSize) / 2
        for (index, line) in lines.enumerated() {
            let baseline = blockTop - ascent * fontSize - Double(index) * lineSpacing * fontSize
            appearance.drawText(line, at: PDFPoint(x: padding, y: baseline), font: .helvetica, size: fontSize)
        }
        return appearance
    }

    /// The PNG or JPEG image `bytes`, as large as fits the box with its proportions kept,
    /// centred.
    private static func image(_ bytes: [UInt8], size: PDFSize) throws(SealingError) -> PDFAppearanceStream? {
        guard !bytes.isEmpty else { return nil }
        let isPNG = bytes.starts(with: [0x89, 0x50, 0x4E, 0x47])
        guard isPNG || bytes.starts(with: [0xFF, 0xD8]) else {
            throw .unsupportedImageFormat
        }
        let image: PDFImage
        do {
            image = isPNG ? try PDFImage(png: bytes) : try PDFImage(jpeg: bytes)
        } catch {
            throw .unreadableImage(error)
        }
        guard image.width > 0, image.height > 0 else { return nil }
        let scale = min(size.width / Double(image.width), size.height / Double(image.height))
        let drawn = PDFSize(width: Double(image.width) * scale, height: Double(image.height) * scale)
        var appearance = PDFAppearanceStream(size: size)
        appearance.drawImage(
            image, in: PDFRect(x: (size.width - drawn.width) / 2, y: (size.height - drawn.height) / 2, width: drawn.width, height: drawn.height))
        return appearance
    }

    /// A square as large as fits the box, centred, with a check mark drawn in lines when
    /// `checked`.
    private static func checkbox(_ checked: Bool, size: PDFSize) -> PDFAppearanceStream {
        var appearance = PDFAppearanceStream(size: size)
        let side = min(size.width, size.height) * 0.9
        let square = PDFRect(x: (size.width - side) / 2, y: (size.height - side) / 2, width: side, height: side)
        appearance.content.setLineWidth(max(side * 0.06, 0.5))
        appearance.content.stroke(square)
        if checked {
            let point = { (x: Double, y: Double) in PDFPoint(x: square.x + x * side, y: square.y + y * side) }
            appearance.content.setLineWidth(max(side * 0.12, 1))
            appearance.content.setRoundLineEnds()
            appearance.content.strokeLine(through: [point(0.2, 0.52), point(0.42, 0.26), point(0.8, 0.76)])
        }
        return appearance
    }
}
