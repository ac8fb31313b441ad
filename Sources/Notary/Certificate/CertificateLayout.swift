import PDF
import QRCode

/// Lays out the certificate page from top to bottom: a banner, headings, wrapped paragraphs,
/// label–value rows and a QR code, each below the previous one.
struct CertificateLayout {
    /// The page's drawing so far.
    private(set) var content: PDFContentStream
    /// The baseline of the next line.
    private var y: Double

    private static let page = PDFSize.a4
    private static let margin = 50.0
    private static let labelWidth = 120.0
    private static let bodySize = 9.5
    private static let lineGap = 3.0
    private static let accent = PDFColor.rgb(red: 0.11, green: 0.23, blue: 0.42)

    private var width: Double { Self.page.width - 2 * Self.margin }

    init(content: PDFContentStream) {
        self.content = content
        self.y = Self.page.height - Self.margin
    }

    /// A coloured band across the top with the title and a subtitle.
    mutating func banner(_ title: String, subtitle: String) {
        let height = 70.0
        content.withSavedGraphicsState { content in
            content.setFillColor(Self.accent)
            content.fill(PDFRect(x: 0, y: Self.page.height - height, width: Self.page.width, height: height))
            content.setFillColor(.white)
            content.drawText(title, at: PDFPoint(x: Self.margin, y: Self.page.height - 38), font: .helveticaBold, size: 22)
            content.drawText(subtitle, at: PDFPoint(x: Self.margin, y: Self.page.height - 56), font: .helvetica, size: 10)
        }
        y = Self.page.height - height - 24
    }

    /// A section heading with a rule under it.
    mutating func heading(_ text: String) {
        y -= 8
        let y = self.y
        let width = self.width
        content.withSavedGraphicsState { content in
            content.setFillColor(Self.accent)
            content.drawText(text, at: PDFPoint(x: Self.margin, y: y), font: .helveticaBold, size: 12)
            content.setStrokeColor(Self.accent)
            content.setLineWidth(0.6)
            content.strokeLine(from: PDFPoint(x: Self.margin, y: y - 4), to: PDFPoint(x: Self.margin + width, y: y - 4))
        }
        self.y -= 12 + Self.bodySize + Self.lineGap
    }

    /// Running text across the full width.
    mutating func paragraph(_ text: String) {
        for line in PDFTextWrapper.lines(of: text, font: .helvetica, size: Self.bodySize, maxWidth: width) {
            content.drawText(line, at: PDFPoint(x: Self.margin, y: y), font: .helvetica, size: Self.bodySize)
            y -= Self.bodySize + Self.lineGap
        }
        y -= 4
    }

    /// A label on the left and its value, wrapped, on the right.
    mutating func field(_ label: String, _ value: String, monospaced: Bool = false) {
        let font: PDFStandardFont = monospaced ? .courier : .helvetica
        let labelLines = PDFTextWrapper.lines(of: label, font: .helveticaBold, size: Self.bodySize, maxWidth: Self.labelWidth - 8)
        let valueLines = PDFTextWrapper.lines(of: value, font: font, size: Self.bodySize, maxWidth: width - Self.labelWidth)
        for row in 0..<max(labelLines.count, valueLines.count) {
            if row < labelLines.count {
                content.drawText(labelLines[row], at: PDFPoint(x: Self.margin, y: y), font: .helveticaBold, size: Self.bodySize)
            }
            if row < valueLines.count {
                content.drawText(valueLines[row], at: PDFPoint(x: Self.margin + Self.labelWidth, y: y), font: font, size: Self.bodySize)
            }
            y -= Self.bodySize + Self.lineGap
        }
    }

    /// A QR code of `text` with a caption beside it; returns the code's rectangle, to link it,
    /// or `nil` when the text is too long for a QR code.
    mutating func qrCode(_ text: String, caption: String) -> PDFRect? {
        guard let code = try? QRCode(encoding: text, errorCorrection: .medium) else {
            paragraph(caption)
            return nil
        }
        let quietZone = 4
        let side = 110.0
        let module = side / Double(code.size + 2 * quietZone)
        let origin = PDFPoint(x: Self.margin, y: y - side + Self.bodySize)
        content.withSavedGraphicsState { content in
            content.setFillColor(.black)
            for run in code.darkRuns {
                content.fill(
                    PDFRect(
                        x: origin.x + Double(run.column + quietZone) * module,
                        y: origin.y + side - Double(run.row + quietZone + 1) * module,
                        width: Double(run.length) * module, height: module
                    ))
            }
        }
        let captionLeft = Self.margin + side + 12
        var captionY = y - 4
        for line in PDFTextWrapper.lines(of: caption, font: .helvetica, size: Self.bodySize, maxWidth: width - side - 12) {
            content.drawText(line, at: PDFPoint(x: captionLeft, y: captionY), font: .helvetica, size: Self.bodySize)
            captionY -= Self.bodySize + Self.lineGap
        }
        y = origin.y - 12
        return PDFRect(x: origin.x, y: origin.y, width: side, height: side)
    }
}
