import Testing

@testable import PDF

/// Text extraction from hand-written content streams: each text operator moves the pen as
/// ISO 32000-1 §9.3–9.4 says. `/F1` is Courier: every glyph is 6 points wide at 10 points.
@Suite struct PDFTextOperatorTests {
    @Test func tjShowsGlyphsFromTheTextPositionOnTheBaseline() throws {
        let glyphs = try TextTestPage(content: "BT /F1 10 Tf 100 500 Td (AB) Tj ET").glyphs()
        #expect(glyphs.text == "AB")
        #expect(glyphs.map(\.box) == [PDFRect(x: 100, y: 500, width: 6, height: 10), PDFRect(x: 106, y: 500, width: 6, height: 10)])
        #expect(glyphs.map(\.fontSize) == [10, 10])
    }

    @Test func tjNumbersMoveThePenBackByThousandthsOfTheFontSize() throws {
        let glyphs = try TextTestPage(content: "BT /F1 10 Tf 100 500 Td [(A) -1000 (B) 500 (C)] TJ ET").glyphs()
        #expect(glyphs.text == "ABC")
        #expect(glyphs.map(\.box.x) == [100, 116, 117])
    }

    @Test func characterAndWordSpacingAndHorizontalScaling() throws {
        let glyphs = try TextTestPage(content: "BT /F1 10 Tf 2 Tc 3 Tw 50 Tz 100 500 Td (A B) Tj ET").glyphs()
        #expect(glyphs.text == "A B")
        // Scaled by a half: A is 3 wide, then (6 + 2) / 2 on; the space adds Tw: (6 + 2 + 3) / 2.
        #expect(glyphs.map(\.box.x) == [100, 104, 109.5])
        #expect(glyphs.map(\.box.width) == [3, 3, 3])
        #expect(glyphs.map(\.box.height) == [10, 10, 10])
    }

    @Test func textRiseLiftsTheBox() throws {
        let glyphs = try TextTestPage(content: "BT /F1 10 Tf 3 Ts 100 500 Td (A) Tj ET").glyphs()
        #expect(glyphs.map(\.box) == [PDFRect(x: 100, y: 503, width: 6, height: 10)])
    }

    @Test func nextLineOperatorsUseTheLeading() throws {
        let content = "BT /F1 10 Tf 14 TL 100 500 Td (A) Tj T* (B) Tj 10 -20 TD (C) Tj T* (D) Tj ET"
        let glyphs = try TextTestPage(content: content).glyphs()
        #expect(glyphs.text == "ABCD")
        #expect(glyphs.map(\.box.x) == [100, 100, 110, 110])
        #expect(glyphs.map(\.box.y) == [500, 486, 466, 446])
    }

    @Test func quoteOperatorsMoveToTheNextLineAndSetSpacing() throws {
        let content = "BT /F1 10 Tf 12 TL 100 500 Td (A) Tj (B) ' 4 1 (C D) \" (E) ' ET"
        let glyphs = try TextTestPage(content: content).glyphs()
        #expect(glyphs.text == "ABC DE")
        #expect(glyphs.map(\.box.y) == [500, 488, 476, 476, 476, 464])
        // After ", Tc is 1 and Tw 4: C advances 7, the space 11.
        #expect(glyphs.map(\.box.x) == [100, 100, 100, 107, 118, 100])
    }

    @Test func textMatrixScalesGlyphsAndTheFontSize() throws {
        let glyphs = try TextTestPage(content: "BT /F1 10 Tf 2 0 0 3 50 60 Tm (AB) Tj 0 1 Td (C) Tj ET").glyphs()
        #expect(
            glyphs.map(\.box) == [
                PDFRect(x: 50, y: 60, width: 12, height: 30), PDFRect(x: 62, y: 60, width: 12, height: 30),
                PDFRect(x: 50, y: 63, width: 12, height: 30),
            ])
        #expect(glyphs.map(\.fontSize) == [30, 30, 30])
    }

    @Test func transformationMatrixIsSavedAndRestored() throws {
        let content = """
            q 1 0 0 1 100 200 cm q 2 0 0 2 0 0 cm Q
            BT /F1 10 Tf 0 0 Td (A) Tj ET Q
            BT /F1 10 Tf 5 5 Td (B) Tj ET
            Q Q Q BT /F1 10 Tf 7 7 Td (C) Tj ET
            """
        let glyphs = try TextTestPage(content: content).glyphs()
        #expect(
            glyphs.map(\.box) == [
                PDFRect(x: 100, y: 200, width: 6, height: 10), PDFRect(x: 5, y: 5, width: 6, height: 10),
                PDFRect(x: 7, y: 7, width: 6, height: 10),
            ])
    }

    @Test func textStateIsPartOfTheSavedState() throws {
        let content = "BT /F1 10 Tf 100 100 Td q /F2 20 Tf 5 Tc Q (AB) Tj ET"
        let glyphs = try TextTestPage(content: content).glyphs()
        #expect(glyphs.map(\.box.x) == [100, 106])
        #expect(glyphs.map(\.fontSize) == [10, 10])
    }

    @Test func rotatedTextGivesTheBoxAroundTheTurnedGlyph() throws {
        let glyphs = try TextTestPage(content: "q 0 1 -1 0 300 300 cm BT /F1 10 Tf (AB) Tj ET Q").glyphs()
        #expect(glyphs.count == 2)
        #expect(isClose(glyphs[0].box, PDFRect(x: 290, y: 300, width: 10, height: 6)))
        #expect(isClose(glyphs[1].box, PDFRect(x: 290, y: 306, width: 10, height: 6)))
        #expect(isClose(glyphs[0].fontSize, 10))
    }

    @Test func helveticaWithoutWidthsTakesTheStandardMetrics() throws {
        let glyphs = try TextTestPage(content: "BT /F2 12 Tf 72 700 Td ({{x}}) Tj ET").glyphs()
        #expect(glyphs.text == "{{x}}")
        let width = PDFFontMetrics.width(of: "{{x}}", font: .helvetica, size: 12)
        #expect(isClose(glyphs.last!.box.x + glyphs.last!.box.width - 72, width))
    }

    @Test func unknownFontReadsAsHelveticaInWinAnsi() throws {
        let glyphs = try TextTestPage(content: "BT /Missing 10 Tf 10 10 Td (a\\200) Tj ET").glyphs()
        #expect(glyphs.text == "a€")
        #expect(isClose(glyphs[1].box.x, 15.56))
    }

    @Test func contentStreamsOfAnArrayAreJoinedByWhiteSpace() throws {
        var file = HandWrittenPDF()
        file.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        file.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 /Resources << /Font << /F1 6 0 R >> >> >>")
        file.add(3, "<< /Type /Page /Parent 2 0 R /Contents [4 0 R 5 0 R] >>")
        file.addStream(4, "", data: Array("BT /F1 10 Tf 1 2 Td (A) Tj".utf8))
        file.addStream(5, "", data: Array("(B) Tj ET".utf8))
        file.add(6, "<< /Type /Font /Subtype /Type1 /BaseFont /Courier >>")
        file.finishWithTable(trailer: "/Size 7 /Root 1 0 R")
        let pdf = try PDFFile(bytes: file.bytes)
        let glyphs = try pdf.textGlyphs(on: try pdf.pages()[0])
        #expect(glyphs.text == "AB")
        #expect(glyphs.map(\.box.x) == [1, 7])
    }

    @Test func malformedOperationsAreSkipped() throws {
        let content = "BT /F1 10 Tf 100 500 Td (A) Tj 1 2 Tm (B) Tj [ (C) 12 TJ ] ] >> /F1 Tf (D) Tj 1 Td x (E) Tj ET"
        let glyphs = try TextTestPage(content: content).glyphs()
        #expect(glyphs.text == "ABDE")
        #expect(glyphs.map(\.box.x) == [100, 106, 112, 118])
    }
}
