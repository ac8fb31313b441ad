import Testing

@testable import PDF

@Suite struct PDFContentStreamTests {
    @Test func shapesAndColours() {
        var content = PDFContentStream()
        content.setFillColor(.gray(0.25))
        content.setFillColor(.rgb(red: 1, green: 0.5, blue: 0))
        content.setStrokeColor(.black)
        content.setStrokeColor(.rgb(red: 2, green: -1, blue: 0.125))
        content.setLineWidth(0.75)
        content.fill(PDFRect(x: 1, y: 2, width: 3, height: 4))
        content.stroke(PDFRect(x: 5, y: 6, width: 7, height: 8))
        content.strokeLine(from: PDFPoint(x: 0, y: 0), to: PDFPoint(x: 595.28, y: 841.89))
        let expected = """
            0.25 g
            1 0.5 0 rg
            0 G
            1 0 0.125 RG
            0.75 w
            1 2 3 4 re
            f
            5 6 7 8 re
            S
            0 0 m
            595.28 841.89 l
            S

            """
        #expect(String(decoding: content.bytes, as: UTF8.self) == expected)
        #expect(content.fonts.isEmpty)
    }

    @Test func savedGraphicsStateIsRestoredAfterTheBody() {
        var content = PDFContentStream()
        content.withSavedGraphicsState { content in
            content.setLineWidth(2)
        }
        #expect(String(decoding: content.bytes, as: UTF8.self) == "q\n2 w\nQ\n")
    }

    @Test func savedGraphicsStateIsRestoredWhenTheBodyThrows() {
        struct Stop: Error {}
        var content = PDFContentStream()
        #expect(throws: Stop.self) {
            try content.withSavedGraphicsState { content throws(Stop) in
                content.setFillColor(.white)
                throw Stop()
            }
        }
        #expect(String(decoding: content.bytes, as: UTF8.self) == "q\n1 g\nQ\n")
    }

    @Test func symbolicFontsTakeCodesOfTheirOwnEncoding() throws {
        var content = PDFContentStream()
        let check = try #require(PDFFontMetrics.code(ofGlyphNamed: "a20", in: .zapfDingbats))
        content.drawText(codes: [check], at: PDFPoint(x: 10, y: 20), font: .zapfDingbats, size: 12)
        content.drawText("(é)", at: PDFPoint(x: 30, y: 20), font: .helvetica, size: 12)
        #expect(content.fonts == [.zapfDingbats, .helvetica])
        let text = String(decoding: content.bytes, as: UTF8.self)
        #expect(text.contains("/ZapfDingbats 12 Tf\n10 20 Td\n(4) Tj"))
        #expect(text.contains("(\\(\\351\\)) Tj"))
    }

    @Test func pdftotextReadsAZapfDingbatsCheckMark() async throws {
        guard ExternalTool("pdftotext").isInstalled else { return }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var document = PDFDocument()
        var page = PDFPage(size: .a4)
        page.content.drawText(
            codes: [try #require(PDFFontMetrics.code(ofGlyphNamed: "a20", in: .zapfDingbats))], at: PDFPoint(x: 72, y: 700), font: .zapfDingbats,
            size: 20)
        document.pages.append(page)
        let path = try scratch.write(document.serialized(), to: "check.pdf")
        let result = try await ExternalTool("pdftotext").run([path, "-"], in: scratch.url)
        #expect(result.output.contains("\u{2714}"), "\(result.output)")
    }
}
