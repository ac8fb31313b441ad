import Testing

@testable import PDF

/// Text extraction through the page's resources: Form XObjects, inline images, simple-font
/// encodings, Type 3 fonts, and composite fonts with ToUnicode CMaps.
@Suite struct PDFTextResourceTests {
    @Test func formXObjectIsDrawnWithItsMatrixAndResources() throws {
        var page = TextTestPage(content: "q 1 0 0 1 100 100 cm /Fm1 Do Q BT /F1 10 Tf (Y) Tj ET")
        page.resources = "/XObject << /Fm1 10 0 R >>"
        page.streams[10] = (
            "/Type /XObject /Subtype /Form /BBox [0 0 100 100] /Matrix [2 0 0 2 10 20] /Resources << /Font << /F9 5 0 R >> >>",
            Array("BT /F9 5 Tf 1 1 Td (X) Tj ET 3 0 0 3 0 0 cm".utf8)
        )
        let glyphs = try page.glyphs()
        #expect(glyphs.text == "XY")
        // (1, 1) in the form goes to (12, 22) by its matrix, then to (112, 122) by the page's.
        #expect(glyphs.map(\.box) == [PDFRect(x: 112, y: 122, width: 6, height: 10), PDFRect(x: 0, y: 0, width: 6, height: 10)])
        #expect(glyphs.map(\.fontSize) == [10, 10])
    }

    @Test func formWithoutResourcesUsesThoseOfItsCaller() throws {
        var page = TextTestPage(content: "/Fm1 Do")
        page.resources = "/XObject << /Fm1 10 0 R >>"
        page.streams[10] = ("/Subtype /Form /BBox [0 0 10 10]", Array("BT /F1 10 Tf (Z) Tj ET".utf8))
        #expect(try page.glyphs().text == "Z")
    }

    @Test func formsDrawingThemselvesAreDrawnOnce() throws {
        var page = TextTestPage(content: "/Fm1 Do /Fm1 Do")
        page.resources = "/XObject << /Fm1 10 0 R >>"
        page.objects[12] = "<< /XObject << /Fm1 10 0 R /Fm2 11 0 R >> /Font << /F1 5 0 R >> >>"
        page.streams[10] = ("/Subtype /Form /BBox [0 0 10 10] /Resources 12 0 R", Array("BT /F1 10 Tf (A) Tj ET /Fm1 Do /Fm2 Do".utf8))
        page.streams[11] = ("/Subtype /Form /BBox [0 0 10 10] /Resources 12 0 R", Array("BT /F1 10 Tf (B) Tj ET /Fm1 Do".utf8))
        #expect(try page.glyphs().text == "ABAB")
    }

    @Test func inlineImageDataThatLooksLikeOperatorsIsSkipped() throws {
        let image = " BT (no) Tj ET EI Q "  // 20 bytes of "pixels"
        let content = "BT /F1 10 Tf (A) Tj ET BI /W 20 /H 1 /BPC 8 /CS /G ID \(image) EI BT /F1 10 Tf (B) Tj ET"
        #expect(try TextTestPage(content: content).glyphs().text == "AB")
    }

    @Test func filteredInlineImageEndsAtTheFirstEIFollowedByText() throws {
        var content = Array("BT /F1 10 Tf (A) Tj ET BI /W 8 /H 8 /CS /RGB /BPC 8 /F /Fl ID ".utf8)
        content += [0x78, 0x9C, 0x20, 0x45, 0x49, 0x20, 0x00, 0xFF, 0x28, 0x78, 0x29, 0x20, 0x54, 0x6A]
        content += Array("\nEI BT /F1 10 Tf (B) Tj ET".utf8)
        #expect(try TextTestPage(content: content).glyphs().text == "AB")
    }

    @Test func differencesNameGlyphsByTheGlyphList() throws {
        var page = TextTestPage(content: "BT /F3 10 Tf 0 0 Td (ABCDEFGa) Tj ET")
        page.fonts = "/F3 10 0 R"
        page.objects[10] = """
            << /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding << /BaseEncoding /WinAnsiEncoding
            /Differences [65 /Euro /fi /uni04160437 /u1F600 /f_f_i /a.sc /g42] >> >>
            """
        let glyphs = try page.glyphs()
        #expect(glyphs.map(\.text) == ["€", "ﬁ", "Жз", "😀", "ffi", "a", "", "a"])
        // The euro is measured as Helvetica's, found through its WinAnsiEncoding code.
        #expect(isClose(glyphs[0].box.width, 5.56))
    }

    @Test func fontWithoutEncodingUsesStandardEncoding() throws {
        var page = TextTestPage(content: "BT /F3 10 Tf (`it's\\256) Tj ET")
        page.fonts = "/F3 10 0 R"
        page.objects[10] = "<< /Type /Font /Subtype /Type1 /BaseFont /Times-Roman >>"
        #expect(try page.glyphs().text == "‘it’sﬁ")
    }

    @Test func macRomanAndSymbolEncodings() throws {
        var page = TextTestPage(content: "BT /F3 10 Tf (\\216\\245) Tj /F4 10 Tf (abp\\245) Tj ET")
        page.fonts = "/F3 10 0 R /F4 11 0 R"
        page.objects[10] = "<< /Type /Font /Subtype /TrueType /BaseFont /Anything /Encoding /MacRomanEncoding >>"
        page.objects[11] = "<< /Type /Font /Subtype /Type1 /BaseFont /Symbol >>"
        let glyphs = try page.glyphs()
        #expect(glyphs.text == "é•αβπ∞")
        // Symbol's alpha is 631 wide.
        #expect(isClose(glyphs[2].box.width, 6.31))
    }

    @Test func widthsArrayAndMissingWidth() throws {
        var page = TextTestPage(content: "BT /F3 10 Tf (ABC) Tj ET")
        page.fonts = "/F3 10 0 R"
        page.objects[10] = """
            << /Type /Font /Subtype /TrueType /BaseFont /ABCDEF+Custom /FirstChar 65 /LastChar 66 /Widths [500 11 0 R]
            /FontDescriptor << /MissingWidth 250 >> /Encoding /WinAnsiEncoding >>
            """
        page.objects[11] = "700"
        let glyphs = try page.glyphs()
        #expect(glyphs.map(\.box.width) == [5, 7, 2.5])
        #expect(glyphs.map(\.box.x) == [0, 5, 12])
    }

    @Test func type3WidthsGoThroughTheFontMatrix() throws {
        var page = TextTestPage(content: "BT /F3 10 Tf 0 0 Td (ab) Tj ET")
        page.fonts = "/F3 10 0 R"
        page.objects[10] = """
            << /Type /Font /Subtype /Type3 /FontBBox [0 0 100 100] /FontMatrix [0.01 0 0 0.01 0 0]
            /CharProcs << >> /Encoding << /Differences [97 /a /b] >> /FirstChar 97 /LastChar 98 /Widths [50 80] >>
            """
        let glyphs = try page.glyphs()
        #expect(glyphs.text == "ab")
        #expect(glyphs.map(\.box.width) == [5, 8])
    }

    /// A Type 0 font `/F3` (object 10) with Identity-H, widths `[1 [500 600] 10 12 700]`,
    /// and the ToUnicode CMap `toUnicode`.
    static func compositeFontPage(content: String, toUnicode: String, encoding: String = "/Identity-H") -> TextTestPage {
        var page = TextTestPage(content: content)
        page.fonts = "/F3 10 0 R"
        page.objects[10] = "<< /Type /Font /Subtype /Type0 /BaseFont /Test /Encoding \(encoding) /DescendantFonts [11 0 R] /ToUnicode 12 0 R >>"
        page.objects[11] = "<< /Type /Font /Subtype /CIDFontType2 /BaseFont /Test /W [1 [500 600] 10 12 700] >>"
        page.streams[12] = ("", Array(toUnicode.utf8))
        return page
    }

    @Test func compositeFontReadsTwoByteCodesThroughToUnicodeRangesAndArrays() throws {
        let cmap = """
            /CIDInit /ProcSet findresource begin 12 dict begin begincmap
            1 begincodespacerange <0000> <FFFF> endcodespacerange
            2 beginbfrange
            <0001> <0002> [<0041> <D83DDE00>]
            <000A> <000C> <0061>
            endbfrange
            1 beginbfchar <0005> <00660069> endbfchar
            endcmap CMapName currentdict /CMap defineresource pop end end
            """
        let page = Self.compositeFontPage(content: "BT /F3 10 Tf 5 Tw <0001 0002 000A 000B 000C 0005 0020 0007> Tj ET", toUnicode: cmap)
        let glyphs = try page.glyphs()
        #expect(glyphs.map(\.text) == ["A", "😀", "a", "b", "c", "fi", "", ""])
        #expect(glyphs.map(\.box.width) == [5, 6, 7, 7, 7, 10, 10, 10])
        // Word spacing does not apply to the two-byte code 0x0020.
        #expect(glyphs.map(\.box.x) == [0, 5, 11, 18, 25, 32, 42, 52])
    }

    @Test func verticalCompositeFontMovesDown() throws {
        let cmap = "1 beginbfchar <0001> <0041> endbfchar"
        let page = Self.compositeFontPage(content: "BT /F3 10 Tf 100 500 Td <00010001> Tj ET", toUnicode: cmap, encoding: "/Identity-V")
        let glyphs = try page.glyphs()
        #expect(glyphs.text == "AA")
        #expect(glyphs.map(\.box) == [PDFRect(x: 97.5, y: 490, width: 5, height: 10), PDFRect(x: 97.5, y: 480, width: 5, height: 10)])
    }

    @Test func embeddedEncodingCMapGivesCodeLengthsAndCIDs() throws {
        var page = Self.compositeFontPage(
            content: "BT /F3 10 Tf <41 8001 42> Tj ET",
            toUnicode: "2 beginbfchar <41> <0058> <8001> <0059> endbfchar",
            encoding: "13 0 R"
        )
        page.streams[13] = (
            "/Type /CMap /CMapName /Test",
            Array(
                "2 begincodespacerange <00> <7F> <8000> <FFFF> endcodespacerange 1 begincidrange <41> <42> 10 endcidrange 1 begincidchar <8001> 2 endcidchar"
                    .utf8)
        )
        let glyphs = try page.glyphs()
        #expect(glyphs.map(\.text) == ["X", "Y", ""])
        #expect(glyphs.map(\.box.width) == [7, 6, 7])
    }
}
