@testable import PDF

/// One-page PDF files written by hand around a content stream, for the text extraction
/// tests: object 1 is the catalog, 2 the page tree, 3 the page, 4 its content; `/F1` is
/// Courier (every glyph 600 wide, 6 points at 10 points) and `/F2` Helvetica, both in
/// WinAnsiEncoding. Further objects and resources are the test's.
struct TextTestPage {
    /// The content stream of the page.
    var content: [UInt8]
    /// Extra entries of the page's `/Font` resource dictionary, such as `/F3 12 0 R`.
    var fonts = ""
    /// Extra entries of the page's resource dictionary, such as `/XObject << … >>`.
    var resources = ""
    /// Extra objects, by number (10 and up), as object text.
    var objects: [Int: String] = [:]
    /// Extra stream objects, by number: dictionary entries and data.
    var streams: [Int: (entries: String, data: [UInt8])] = [:]

    /// A page showing the content stream `content`.
    init(content: String) {
        self.content = Array(content.utf8)
    }

    /// A page showing the content stream `content`.
    init(content: [UInt8]) {
        self.content = content
    }

    /// The file's bytes.
    var bytes: [UInt8] {
        var file = HandWrittenPDF()
        file.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        file.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        file.add(
            3,
            """
            << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R
            /Resources << /Font << /F1 5 0 R /F2 6 0 R \(fonts) >> \(resources) >> >>
            """
        )
        file.addStream(4, "", data: content)
        file.add(5, "<< /Type /Font /Subtype /Type1 /BaseFont /Courier /Encoding /WinAnsiEncoding >>")
        file.add(6, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        for (number, body) in objects {
            file.add(number, body)
        }
        for (number, stream) in streams {
            file.addStream(number, stream.entries, data: stream.data)
        }
        file.finishWithTable(trailer: "/Size \((Array(objects.keys) + Array(streams.keys) + [6]).max()! + 1) /Root 1 0 R")
        return file.bytes
    }

    /// The glyphs of the page.
    func glyphs() throws -> [PDFTextGlyph] {
        let file = try PDFFile(bytes: bytes)
        return try file.textGlyphs(on: try file.pages()[0])
    }
}

extension [PDFTextGlyph] {
    /// The glyphs' texts joined.
    var text: String { map(\.text).joined() }
}

/// Whether `value` is within `tolerance` of `expected`.
func isClose(_ value: Double, _ expected: Double, within tolerance: Double = 0.001) -> Bool {
    abs(value - expected) <= tolerance
}

/// Whether `box` is `expected` to within `tolerance` in each of its four numbers.
func isClose(_ box: PDFRect, _ expected: PDFRect, within tolerance: Double = 0.001) -> Bool {
    isClose(box.x, expected.x, within: tolerance) && isClose(box.y, expected.y, within: tolerance)
        && isClose(box.width, expected.width, within: tolerance) && isClose(box.height, expected.height, within: tolerance)
}
