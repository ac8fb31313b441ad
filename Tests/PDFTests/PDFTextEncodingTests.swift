import Testing

@testable import PDF

@Suite struct PDFTextEncodingTests {
    @Test func asciiIsUnchanged() {
        #expect(PDFWinAnsiEncoding.encode("Hello, World! ~") == Array("Hello, World! ~".utf8))
    }

    @Test func latinOneAndCodePage1252Characters() {
        #expect(PDFWinAnsiEncoding.encode("é€ü") == [0xE9, 0x80, 0xFC])
        #expect(PDFWinAnsiEncoding.encode("“–”…™Ÿ") == [0x93, 0x96, 0x94, 0x85, 0x99, 0x9F])
    }

    @Test func decomposedAccentsAreComposedFirst() {
        #expect(PDFWinAnsiEncoding.encode("e\u{301}") == [0xE9])
    }

    @Test func unrepresentableCharactersBecomeOneQuestionMarkEach() {
        #expect(PDFWinAnsiEncoding.encode("a✓日本👍🏽\tb") == Array("a?????b".utf8))
        #expect(PDFWinAnsiEncoding.encode("\u{80}\u{81}") == Array("??".utf8))
    }

    @Test func drawnTextIsEscapedInTheContentStream() {
        var content = PDFContentStream()
        content.drawText(#"(a) \ é € ✓"#, at: PDFPoint(x: 10, y: 20.5), font: .helvetica, size: 12)
        let text = String(decoding: content.bytes, as: UTF8.self)
        #expect(text == "BT\n/Helvetica 12 Tf\n10 20.5 Td\n" + #"(\(a\) \\ \351 \200 ?) Tj"# + "\nET\n")
        #expect(content.fonts == [.helvetica])
    }

    @Test func textStringsArePDFDocEncodedASCIIOrUTF16WithByteOrderMark() {
        #expect(PDFTextString.encode("Title\t1") == Array("Title\t1".utf8))
        #expect(PDFTextString.encode("é") == [0xFE, 0xFF, 0x00, 0xE9])
        #expect(PDFTextString.encode("a😀") == [0xFE, 0xFF, 0x00, 0x61, 0xD8, 0x3D, 0xDE, 0x00])
    }
}
