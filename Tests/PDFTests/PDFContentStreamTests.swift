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
}
