import Testing

@testable import PDF

/// Text extraction from files our own writers make: standard fonts through ``PDFDocument``,
/// and an embedded TrueType subset (Type 0, Identity-H, ToUnicode) next to Helvetica.
@Suite struct PDFTextWrittenDocumentTests {
    @Test func tagDrawnInHelveticaIsFoundWhereItWasDrawn() throws {
        let line = "Sign here: {{signature:1:y}}"
        var page = PDFPage(size: .a4)
        page.content.drawText("Title", at: PDFPoint(x: 72, y: 760), font: .helveticaBold, size: 20)
        page.content.drawText(line, at: PDFPoint(x: 72, y: 700), font: .helvetica, size: 12)
        var document = PDFDocument()
        document.pages.append(page)
        let file = try PDFFile(bytes: document.serialized())
        let glyphs = try file.textGlyphs(on: try file.pages()[0])
        #expect(glyphs.text == "Title" + line)

        let lineGlyphs = Array(glyphs.dropFirst(5))
        let tagStart = try #require(lineGlyphs.firstIndex { $0.text == "{" })
        let prefixWidth = PDFFontMetrics.width(of: "Sign here: ", font: .helvetica, size: 12)
        #expect(isClose(lineGlyphs[tagStart].box.x, 72 + prefixWidth))
        #expect(lineGlyphs.allSatisfy { isClose($0.box.y, 700) && isClose($0.box.height, 12) && isClose($0.fontSize, 12) })
        let last = try #require(lineGlyphs.last)
        #expect(isClose(last.box.x + last.box.width, 72 + PDFFontMetrics.width(of: line, font: .helvetica, size: 12)))
        #expect(glyphs.prefix(5).allSatisfy { isClose($0.box.y, 760) && isClose($0.fontSize, 20) })
    }

    @Test func embeddedTrueTypeSubsetIsReadThroughItsToUnicodeAndWidths() throws {
        var font = try PDFEmbeddedFont(bytes: TestTrueTypeFont.bytes())
        let bytes = PDFEmbeddedFontTests.onePageFile(showing: "ABC AB", in: &font)
        let file = try PDFFile(bytes: bytes)
        let glyphs = try file.textGlyphs(on: try file.pages()[0])
        #expect(glyphs.text == "ABC AB")
        // A is 600 and B 700 units wide at 24 points; "C " is Helvetica.
        let helveticaRun = PDFFontMetrics.width(of: "C ", font: .helvetica, size: 24)
        let expectedX = [
            72, 86.4, 103.2, 103.2 + PDFFontMetrics.width(of: "C", font: .helvetica, size: 24), 103.2 + helveticaRun, 117.6 + helveticaRun,
        ]
        #expect(zip(glyphs.map(\.box.x), expectedX).allSatisfy { isClose($0, $1) })
        #expect(zip(glyphs.map(\.box.width), [14.4, 16.8]).allSatisfy { isClose($0, $1) })
        #expect(glyphs.allSatisfy { isClose($0.box.y, 700) && isClose($0.fontSize, 24) })
    }

    @Test(.enabled(if: TrueTypeFontTests.droidIsInstalled))
    func japaneseTextInAnEmbeddedFontIsExtracted() throws {
        var font = PDFEmbeddedFont(font: try TrueTypeFontTests.droid())
        let bytes = PDFEmbeddedFontTests.onePageFile(showing: PDFEmbeddedFontTests.text, in: &font)
        let file = try PDFFile(bytes: bytes)
        let glyphs = try file.textGlyphs(on: try file.pages()[0])
        #expect(glyphs.text == PDFEmbeddedFontTests.text)
        let japanese = "山田太郎"
        #expect(isClose(glyphs[4].box.x, 72 + font.width(of: japanese, size: 24)))
    }
}
