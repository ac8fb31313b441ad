import CivilTime
import Foundation
import PDF

/// Draws an audit trail in the content area of the audit page, as the platform seal's
/// appearance: when the document was sealed, the digests of its files, the link to its
/// notarization proof, and a table of events.
///
/// Everything must fit the one widget: long cells wrap onto up to ``maximumCellLines``
/// lines, and the events that do not fit are summed up as "… N more events".
struct AuditTrailAppearance {
    /// The trail to draw.
    let trail: AuditTrail
    /// When the seal is made.
    let sealedAt: Date
    /// The size of the area, in points.
    let size: PDFSize

    /// The font size of the table and the digests, in points.
    static let textSize = 7.5
    /// The distance between the baselines of two lines of text, in points.
    static let lineHeight = 9.5
    /// The font size of the section headings, in points.
    static let headingSize = 10.0
    /// The most files whose digests are listed, so that the events keep most of the space.
    static let maximumFilesListed = 8
    /// The most lines a table cell takes; longer text ends in an ellipsis.
    static let maximumCellLines = 3
    /// The table's columns: heading and share of the width.
    static let columns: [(heading: String, share: Double)] = [
        ("Time (UTC)", 0.18), ("Event", 0.17), ("By", 0.23), ("IP address", 0.14), ("User agent", 0.28),
    ]

    /// The appearance stream showing the trail.
    func appearance() -> PDFAppearanceStream {
        var texts = [trail.documentName] + trail.originalFileSHA256.map(\.name)
        for entry in trail.entries {
            texts += [entry.event, entry.actor ?? "", entry.userAgent ?? ""]
        }
        var drawing = Drawing(appearance: PDFAppearanceStream(size: size, fallbackFont: FallbackFont.embedding(for: texts)), top: size.height)
        drawRecord(on: &drawing)
        drawEvents(on: &drawing)
        return drawing.appearance
    }

    /// The seal time, the files' digests and the proof link.
    private func drawRecord(on drawing: inout Drawing) {
        drawing.heading("Record of completion")
        drawing.line("Completed and sealed on \(Self.utc(sealedAt)) UTC.", font: .helvetica, width: size.width)
        drawing.gap()
        drawing.line("SHA-256 of each file as received", font: .helveticaBold, width: size.width)
        for file in trail.originalFileSHA256.prefix(Self.maximumFilesListed) {
            drawing.line(file.name, font: .helvetica, width: size.width)
            drawing.line(file.hex, font: .courier, width: size.width, indent: 8)
        }
        let unlisted = trail.originalFileSHA256.count - Self.maximumFilesListed
        if unlisted > 0 {
            drawing.line("… \(unlisted) more \(unlisted == 1 ? "file" : "files")", font: .helveticaOblique, width: size.width)
        }
        drawing.line("SHA-256 of the signed document before this seal", font: .helveticaBold, width: size.width)
        drawing.line(trail.signedFileSHA256, font: .courier, width: size.width, indent: 8)
        drawing.gap()
        drawing.line("Notarization proof", font: .helveticaBold, width: size.width)
        drawing.appearance.content.setFillColor(.rgb(red: 0.05, green: 0.2, blue: 0.6))
        drawing.wrapped(trail.proofURL, font: .helvetica, width: size.width - 8, indent: 8, maxLines: Self.maximumCellLines)
        drawing.appearance.content.setFillColor(.black)
        drawing.gap()
    }

    /// The table of events, as many as fit, then how many did not.
    private func drawEvents(on drawing: inout Drawing) {
        drawing.heading("Events")
        let widths = Self.columns.map { $0.share * size.width }
        drawing.row(Self.columns.map { [$0.heading] }, widths: widths, font: .helveticaBold)
        drawing.rule(width: size.width)

        let moreLineHeight = Self.lineHeight + 2
        for (index, entry) in trail.entries.enumerated() {
            let cells = [Self.utc(entry.time), entry.event, entry.actor ?? "", entry.ipAddress ?? "", entry.userAgent ?? ""]
            let lines = zip(cells, widths).map { cell, width in
                AppearanceLineBreaker(appearance: drawing.appearance, font: .helvetica, size: Self.textSize)
                    .lines(of: cell, maxWidth: width - 6, maxLines: Self.maximumCellLines)
            }
            let height = Drawing.rowHeight(lines)
            let left = trail.entries.count - index - 1
            guard drawing.top - height - (left > 0 ? moreLineHeight : 0) >= 0 else {
                let count = trail.entries.count - index
                drawing.line("… \(count) more \(count == 1 ? "event" : "events")", font: .helveticaOblique, width: size.width)
                return
            }
            drawing.row(lines, widths: widths, font: .helvetica)
            drawing.rule(width: size.width)
        }
    }

    /// `date` as `yyyy-MM-dd HH:mm:ss` in UTC.
    static func utc(_ date: Date) -> String {
        UTCDateTime(date).text
    }

    /// An appearance being filled from the top down.
    private struct Drawing {
        /// The appearance so far.
        var appearance: PDFAppearanceStream
        /// The height of the free space left, from the bottom: the top of the next line.
        var top: Double

        /// The height a table row with `lines` in its cells takes.
        static func rowHeight(_ lines: [[String]]) -> Double {
            Double(lines.map(\.count).max() ?? 1) * AuditTrailAppearance.lineHeight + 3
        }

        /// A section heading.
        mutating func heading(_ text: String) {
            top -= AuditTrailAppearance.headingSize + 2
            appearance.drawText(text, at: PDFPoint(x: 0, y: top + 2), font: .helveticaBold, size: AuditTrailAppearance.headingSize)
            top -= 3
        }

        /// One line of text, shortened with an ellipsis when it is wider than `width`.
        mutating func line(_ text: String, font: PDFStandardFont, width: Double, indent: Double = 0) {
            let breaker = AppearanceLineBreaker(appearance: appearance, font: font, size: AuditTrailAppearance.textSize)
            top -= AuditTrailAppearance.lineHeight
            appearance.drawText(
                breaker.truncated(text, maxWidth: width - indent), at: PDFPoint(x: indent, y: top + 2), font: font,
                size: AuditTrailAppearance.textSize)
        }

        /// `text` wrapped onto lines `width` wide, at most `maxLines` of them.
        mutating func wrapped(_ text: String, font: PDFStandardFont, width: Double, indent: Double, maxLines: Int) {
            let breaker = AppearanceLineBreaker(appearance: appearance, font: font, size: AuditTrailAppearance.textSize)
            for line in breaker.lines(of: text, maxWidth: width, maxLines: maxLines) {
                top -= AuditTrailAppearance.lineHeight
                appearance.drawText(line, at: PDFPoint(x: indent, y: top + 2), font: font, size: AuditTrailAppearance.textSize)
            }
        }

        /// A table row: the lines of each cell in columns of `widths`.
        mutating func row(_ lines: [[String]], widths: [Double], font: PDFStandardFont) {
            var x = 0.0
            for (cell, width) in zip(lines, widths) {
                for (index, line) in cell.enumerated() {
                    let baseline = top - Double(index + 1) * AuditTrailAppearance.lineHeight + 2
                    appearance.drawText(line, at: PDFPoint(x: x, y: baseline), font: font, size: AuditTrailAppearance.textSize)
                }
                x += width
            }
            top -= Self.rowHeight(lines)
        }

        /// A thin line across the area under the last row.
        mutating func rule(width: Double) {
            appearance.content.withSavedGraphicsState { content in
                content.setStrokeColor(.gray(0.8))
                content.setLineWidth(0.4)
                content.strokeLine(from: PDFPoint(x: 0, y: top + 1), to: PDFPoint(x: width, y: top + 1))
            }
        }

        /// A little space between sections.
        mutating func gap() {
            top -= 4
        }
    }
}
