/// The drawing operations of a page, written as a PDF content stream (ISO 32000-1 §8, §9).
///
/// Coordinates are in points from the bottom-left corner of the page. Operations are
/// recorded in the order they are called; colours and the line width stay in effect until
/// changed, or until the end of an enclosing ``withSavedGraphicsState(_:)``.
///
/// ```swift
/// var content = PDFContentStream()
/// content.setFillColor(.rgb(red: 0.1, green: 0.2, blue: 0.5))
/// content.drawText("Certificate", at: PDFPoint(x: 72, y: 760), font: .helveticaBold, size: 20)
/// content.withSavedGraphicsState { content in
///     content.setLineWidth(0.5)
///     content.strokeLine(from: PDFPoint(x: 72, y: 750), to: PDFPoint(x: 523, y: 750))
/// }
/// ```
public struct PDFContentStream: Sendable {
    /// The content stream so far.
    private(set) var bytes: [UInt8] = []
    /// The fonts that text was drawn in, which the page must list as resources.
    private(set) var fonts: Set<PDFStandardFont> = []

    /// Creates an empty content stream.
    public init() {}

    /// Runs `body`, then restores the graphics state (colours, line width) to what it was
    /// before, with the `q` and `Q` operators. Saves and restores always pair up, even when
    /// `body` throws.
    public mutating func withSavedGraphicsState<Failure: Error>(
        _ body: (inout PDFContentStream) throws(Failure) -> Void
    ) throws(Failure) {
        emit([], "q")
        defer { emit([], "Q") }
        try body(&self)
    }

    /// Sets the colour that text and filled shapes are painted in.
    public mutating func setFillColor(_ color: PDFColor) {
        emit(color.operands, color.fillOperator)
    }

    /// Sets the colour that lines and outlines are painted in.
    public mutating func setStrokeColor(_ color: PDFColor) {
        emit(color.operands, color.strokeOperator)
    }

    /// Sets the width, in points, of lines and outlines.
    public mutating func setLineWidth(_ width: Double) {
        emit([.real(width)], "w")
    }

    /// Paints `rect` in the fill colour.
    public mutating func fill(_ rect: PDFRect) {
        emit(Self.operands(of: rect), "re")
        emit([], "f")
    }

    /// Paints the outline of `rect` in the stroke colour and line width.
    public mutating func stroke(_ rect: PDFRect) {
        emit(Self.operands(of: rect), "re")
        emit([], "S")
    }

    /// Paints a straight line from `start` to `end` in the stroke colour and line width.
    public mutating func strokeLine(from start: PDFPoint, to end: PDFPoint) {
        emit([.real(start.x), .real(start.y)], "m")
        emit([.real(end.x), .real(end.y)], "l")
        emit([], "S")
    }

    /// Draws `text` on one line in the fill colour, starting with its baseline at `origin`.
    ///
    /// The text is encoded as WinAnsiEncoding: a character it cannot represent is drawn as
    /// `?`, and line breaks are not honoured (see ``PDFTextWrapper`` to split text into
    /// lines, and ``PDFFontMetrics`` to measure it). For Symbol and ZapfDingbats, whose
    /// glyphs are not characters of WinAnsiEncoding, use ``drawText(codes:at:font:size:)``.
    public mutating func drawText(_ text: String, at origin: PDFPoint, font: PDFStandardFont, size: Double) {
        drawText(codes: PDFWinAnsiEncoding.encode(text), at: origin, font: font, size: size)
    }

    /// Draws the single-byte character codes `codes` of `font` on one line, starting with the
    /// baseline at `origin`: for Symbol and ZapfDingbats, codes of their built-in encodings
    /// (see ``PDFFontMetrics/code(ofGlyphNamed:in:)``); for the other fonts, WinAnsiEncoding.
    public mutating func drawText(codes: [UInt8], at origin: PDFPoint, font: PDFStandardFont, size: Double) {
        fonts.insert(font)
        emit([], "BT")
        emit([.name(font.resourceName), .real(size)], "Tf")
        emit([.real(origin.x), .real(origin.y)], "Td")
        emit([.string(codes)], "Tj")
        emit([], "ET")
    }

    /// Makes lines end and join in round caps, as pen strokes do.
    public mutating func setRoundLineEnds() {
        emit([.integer(1)], "J")
        emit([.integer(1)], "j")
    }

    /// Paints one connected line through `points`, in the stroke colour and line width; a
    /// single point is painted as a dot (with round line ends).
    public mutating func strokeLine(through points: [PDFPoint]) {
        guard let first = points.first else { return }
        emit([.real(first.x), .real(first.y)], "m")
        for point in points.dropFirst() {
            emit([.real(point.x), .real(point.y)], "l")
        }
        if points.count == 1 {
            emit([.real(first.x), .real(first.y)], "l")
        }
        emit([], "S")
    }

    /// Shows the already encoded `codes` in the font listed in the resources as
    /// `fontResource`, with the baseline starting at `origin`.
    mutating func showText(_ codes: [UInt8], fontResource: String, at origin: PDFPoint, size: Double) {
        emit([], "BT")
        emit([.name(fontResource), .real(size)], "Tf")
        emit([.real(origin.x), .real(origin.y)], "Td")
        emit([.hexString(codes)], "Tj")
        emit([], "ET")
    }

    /// Paints the XObject listed in the resources as `name`, transformed by `matrix`
    /// (`[a b c d e f]`), between `q` and `Q`.
    mutating func paintXObject(named name: String, matrix: [Double]) {
        emit([], "q")
        emit(matrix.map(PDFObject.real), "cm")
        emit([.name(name)], "Do")
        emit([], "Q")
    }

    /// Appends one operation: its operands separated by spaces, then the operator, then a
    /// line feed.
    private mutating func emit(_ operands: [PDFObject], _ operator: String) {
        for operand in operands {
            operand.write(to: &bytes)
            bytes.append(UInt8(ascii: " "))
        }
        bytes.append(contentsOf: `operator`.utf8)
        bytes.append(UInt8(ascii: "\n"))
    }

    /// The operands of the `re` operator for `rect`: its corner and size.
    private static func operands(of rect: PDFRect) -> [PDFObject] {
        [.real(rect.x), .real(rect.y), .real(rect.width), .real(rect.height)]
    }
}
