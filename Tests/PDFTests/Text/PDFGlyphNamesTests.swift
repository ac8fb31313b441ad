import Testing

@testable import PDF

/// The names fonts are read by: glyph names to Unicode, base encodings, and the names of
/// fonts metric-compatible with the standard fonts.
@Suite struct PDFGlyphNamesTests {
    @Test func glyphNamesFollowTheGlyphListAndItsNamingRules() {
        #expect(PDFGlyphNames.text(of: "Aacute") == "Á")
        #expect(PDFGlyphNames.text(of: "quotedblleft") == "“")
        #expect(PDFGlyphNames.text(of: "Lslash") == "Ł")
        #expect(PDFGlyphNames.text(of: "alpha") == "α")
        #expect(PDFGlyphNames.text(of: "uni00410042") == "AB")
        #expect(PDFGlyphNames.text(of: "u1D11E") == "𝄞")
        #expect(PDFGlyphNames.text(of: "T_h.alt") == "Th")
        #expect(PDFGlyphNames.text(of: "uni004") == nil)
        #expect(PDFGlyphNames.text(of: "uni00e9") == nil)
        #expect(PDFGlyphNames.text(of: "uniD800") == nil)
        #expect(PDFGlyphNames.text(of: "u110000") == nil)
        #expect(PDFGlyphNames.text(of: ".notdef") == nil)
        #expect(PDFGlyphNames.text(of: "g17") == nil)
    }

    @Test func baseEncodingsDifferWhereAnnexDSaysTheyDo() {
        #expect(PDFBaseEncoding.standard.unicode(of: 0x27) == 0x2019)
        #expect(PDFBaseEncoding.winAnsi.unicode(of: 0x27) == 0x27)
        #expect(PDFBaseEncoding.winAnsi.unicode(of: 0x80) == 0x20AC)
        #expect(PDFBaseEncoding.winAnsi.unicode(of: 0x81) == 0)
        #expect(PDFBaseEncoding.macRoman.unicode(of: 0x80) == 0xC4)
        #expect(PDFBaseEncoding.macRoman.unicode(of: 0xDB) == 0xA4)
        #expect(PDFBaseEncoding.standard.unicode(of: 0xE1) == 0xC6)
        #expect(PDFBaseEncoding.allCases.allSatisfy { $0.unicode(of: 0x41) == 0x41 && $0.unicode(of: 0x0A) == 0 })
    }

    @Test func metricCompatibleFontNamesMapToTheStandardFonts() {
        #expect(PDFStandardFont(baseFontName: "Helvetica") == .helvetica)
        #expect(PDFStandardFont(baseFontName: "Arial,BoldItalic") == .helveticaBoldOblique)
        #expect(PDFStandardFont(baseFontName: "ABCDEF+TimesNewRomanPS-BoldMT") == .timesBold)
        #expect(PDFStandardFont(baseFontName: "CourierNewPS-ItalicMT") == .courierOblique)
        #expect(PDFStandardFont(baseFontName: "Symbol") == .symbol)
        #expect(PDFStandardFont(baseFontName: "Calibri") == nil)
    }
}
