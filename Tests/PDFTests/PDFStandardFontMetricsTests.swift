import Foundation
import Testing

@testable import PDF

/// Compares the standard fonts' metrics with the AFM files of their metric-compatible URW++
/// clones (Debian's fonts-urw-base35), read at run time.
@Suite struct PDFStandardFontMetricsTests {
    /// Where fonts-urw-base35 installs its AFM files.
    static let afmDirectory = "/usr/share/fonts/type1/urw-base35/"
    /// Whether the AFM files are installed.
    static let afmFilesAreInstalled = FileManager.default.fileExists(atPath: afmDirectory + "NimbusSans-Regular.afm")

    /// The AFM file of each standard font's clone.
    static let afmFiles: [PDFStandardFont: String] = [
        .timesRoman: "NimbusRoman-Regular", .timesBold: "NimbusRoman-Bold",
        .timesItalic: "NimbusRoman-Italic", .timesBoldItalic: "NimbusRoman-BoldItalic",
        .helvetica: "NimbusSans-Regular", .helveticaBold: "NimbusSans-Bold",
        .helveticaOblique: "NimbusSans-Italic", .helveticaBoldOblique: "NimbusSans-BoldItalic",
        .courier: "NimbusMonoPS-Regular", .courierBold: "NimbusMonoPS-Bold",
        .courierOblique: "NimbusMonoPS-Italic", .courierBoldOblique: "NimbusMonoPS-BoldItalic",
        .symbol: "StandardSymbolsPS", .zapfDingbats: "D050000L",
    ]

    /// The glyph name of each WinAnsiEncoding code (ISO 32000-1 Annex D.2).
    static let winAnsiGlyphNames: [UInt8: String] = [
        0x20: "space", 0x21: "exclam", 0x22: "quotedbl", 0x23: "numbersign", 0x24: "dollar", 0x25: "percent",
        0x26: "ampersand", 0x27: "quotesingle", 0x28: "parenleft", 0x29: "parenright", 0x2A: "asterisk",
        0x2B: "plus", 0x2C: "comma", 0x2D: "hyphen", 0x2E: "period", 0x2F: "slash", 0x30: "zero", 0x31: "one",
        0x32: "two", 0x33: "three", 0x34: "four", 0x35: "five", 0x36: "six", 0x37: "seven", 0x38: "eight",
        0x39: "nine", 0x3A: "colon", 0x3B: "semicolon", 0x3C: "less", 0x3D: "equal", 0x3E: "greater",
        0x3F: "question", 0x40: "at", 0x41: "A", 0x42: "B", 0x43: "C", 0x44: "D", 0x45: "E", 0x46: "F", 0x47: "G",
        0x48: "H", 0x49: "I", 0x4A: "J", 0x4B: "K", 0x4C: "L", 0x4D: "M", 0x4E: "N", 0x4F: "O", 0x50: "P", 0x51: "Q",
        0x52: "R", 0x53: "S", 0x54: "T", 0x55: "U", 0x56: "V", 0x57: "W", 0x58: "X", 0x59: "Y", 0x5A: "Z",
        0x5B: "bracketleft", 0x5C: "backslash", 0x5D: "bracketright", 0x5E: "asciicircum", 0x5F: "underscore",
        0x60: "grave", 0x61: "a", 0x62: "b", 0x63: "c", 0x64: "d", 0x65: "e", 0x66: "f", 0x67: "g", 0x68: "h",
        0x69: "i", 0x6A: "j", 0x6B: "k", 0x6C: "l", 0x6D: "m", 0x6E: "n", 0x6F: "o", 0x70: "p", 0x71: "q", 0x72: "r",
        0x73: "s", 0x74: "t", 0x75: "u", 0x76: "v", 0x77: "w", 0x78: "x", 0x79: "y", 0x7A: "z", 0x7B: "braceleft",
        0x7C: "bar", 0x7D: "braceright", 0x7E: "asciitilde", 0x80: "Euro", 0x82: "quotesinglbase", 0x83: "florin",
        0x84: "quotedblbase", 0x85: "ellipsis", 0x86: "dagger", 0x87: "daggerdbl", 0x88: "circumflex",
        0x89: "perthousand", 0x8A: "Scaron", 0x8B: "guilsinglleft", 0x8C: "OE", 0x8E: "Zcaron", 0x91: "quoteleft",
        0x92: "quoteright", 0x93: "quotedblleft", 0x94: "quotedblright", 0x95: "bullet", 0x96: "endash",
        0x97: "emdash", 0x98: "tilde", 0x99: "trademark", 0x9A: "scaron", 0x9B: "guilsinglright", 0x9C: "oe",
        0x9E: "zcaron", 0x9F: "Ydieresis", 0xA0: "space", 0xA1: "exclamdown", 0xA2: "cent", 0xA3: "sterling",
        0xA4: "currency", 0xA5: "yen", 0xA6: "brokenbar", 0xA7: "section", 0xA8: "dieresis", 0xA9: "copyright",
        0xAA: "ordfeminine", 0xAB: "guillemotleft", 0xAC: "logicalnot", 0xAD: "hyphen", 0xAE: "registered",
        0xAF: "macron", 0xB0: "degree", 0xB1: "plusminus", 0xB2: "twosuperior", 0xB3: "threesuperior", 0xB4: "acute",
        0xB5: "mu", 0xB6: "paragraph", 0xB7: "periodcentered", 0xB8: "cedilla", 0xB9: "onesuperior",
        0xBA: "ordmasculine", 0xBB: "guillemotright", 0xBC: "onequarter", 0xBD: "onehalf", 0xBE: "threequarters",
        0xBF: "questiondown", 0xC0: "Agrave", 0xC1: "Aacute", 0xC2: "Acircumflex", 0xC3: "Atilde", 0xC4: "Adieresis",
        0xC5: "Aring", 0xC6: "AE", 0xC7: "Ccedilla", 0xC8: "Egrave", 0xC9: "Eacute", 0xCA: "Ecircumflex",
        0xCB: "Edieresis", 0xCC: "Igrave", 0xCD: "Iacute", 0xCE: "Icircumflex", 0xCF: "Idieresis", 0xD0: "Eth",
        0xD1: "Ntilde", 0xD2: "Ograve", 0xD3: "Oacute", 0xD4: "Ocircumflex", 0xD5: "Otilde", 0xD6: "Odieresis",
        0xD7: "multiply", 0xD8: "Oslash", 0xD9: "Ugrave", 0xDA: "Uacute", 0xDB: "Ucircumflex", 0xDC: "Udieresis",
        0xDD: "Yacute", 0xDE: "Thorn", 0xDF: "germandbls", 0xE0: "agrave", 0xE1: "aacute", 0xE2: "acircumflex",
        0xE3: "atilde", 0xE4: "adieresis", 0xE5: "aring", 0xE6: "ae", 0xE7: "ccedilla", 0xE8: "egrave",
        0xE9: "eacute", 0xEA: "ecircumflex", 0xEB: "edieresis", 0xEC: "igrave", 0xED: "iacute", 0xEE: "icircumflex",
        0xEF: "idieresis", 0xF0: "eth", 0xF1: "ntilde", 0xF2: "ograve", 0xF3: "oacute", 0xF4: "ocircumflex",
        0xF5: "otilde", 0xF6: "odieresis", 0xF7: "divide", 0xF8: "oslash", 0xF9: "ugrave", 0xFA: "uacute",
        0xFB: "ucircumflex", 0xFC: "udieresis", 0xFD: "yacute", 0xFE: "thorn", 0xFF: "ydieresis",
    ]

    /// The character metrics of an AFM file: the width of each glyph by name, and by code of
    /// the font's built-in encoding.
    struct AFM {
        /// The width of each glyph, by glyph name.
        var widthsByName: [String: Int] = [:]
        /// The width of each glyph of the built-in encoding, by code.
        var widthsByCode: [Int: Int] = [:]
        /// The name of each glyph of the built-in encoding, by code.
        var namesByCode: [Int: String] = [:]

        /// Reads the AFM file `name` of the URW++ fonts.
        init(_ name: String) throws {
            let text = try String(contentsOfFile: afmDirectory + name + ".afm", encoding: .isoLatin1)
            for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("C ") {
                var code: Int?
                var width: Int?
                var glyph: String?
                for field in line.split(separator: ";") {
                    let parts = field.split(separator: " ")
                    guard parts.count >= 2 else { continue }
                    switch parts[0] {
                    case "C": code = Int(parts[1])
                    case "WX": width = Int(parts[1])
                    case "N": glyph = String(parts[1])
                    default: break
                    }
                }
                guard let code, let width, let glyph else { continue }
                widthsByName[glyph] = width
                if code >= 0 {
                    widthsByCode[code] = width
                    namesByCode[code] = glyph
                }
            }
        }
    }

    @Test(.enabled(if: afmFilesAreInstalled), arguments: PDFStandardFont.allCases.filter(\.usesWinAnsiEncoding))
    func latinWidthsAreThoseOfTheAFMForEveryWinAnsiCode(font: PDFStandardFont) throws {
        let afm = try AFM(try #require(Self.afmFiles[font]))
        for code in UInt8(32)...255 {
            let width = PDFFontMetrics.glyphWidth(of: code, in: font)
            if let name = Self.winAnsiGlyphNames[code] {
                #expect(width == afm.widthsByName[name], "\(font) code \(code) \(name)")
            } else {
                #expect(width == 0, "\(font) undefined code \(code)")
            }
        }
    }

    @Test(.enabled(if: afmFilesAreInstalled), arguments: [PDFStandardFont.symbol, .zapfDingbats])
    func symbolicWidthsAreThoseOfTheAFMForEveryBuiltInCode(font: PDFStandardFont) throws {
        let afm = try AFM(try #require(Self.afmFiles[font]))
        for code in UInt8(32)...255 {
            #expect(PDFFontMetrics.glyphWidth(of: code, in: font) == afm.widthsByCode[Int(code)] ?? 0, "\(font) code \(code)")
            if let name = afm.namesByCode[Int(code)] {
                #expect(PDFFontMetrics.code(ofGlyphNamed: name, in: font) == code, "\(font) \(name)")
            }
        }
    }

    @Test func symbolicFontsAreMeasuredByBuiltInCode() {
        let alpha = PDFFontMetrics.code(ofGlyphNamed: "alpha", in: .symbol)
        #expect(alpha == UInt8(ascii: "a"))
        #expect(PDFFontMetrics.width(ofCodes: [UInt8(ascii: "a")], font: .symbol, size: 1000) == 631)
        #expect(PDFFontMetrics.code(ofGlyphNamed: "a20", in: .zapfDingbats) == 0x34)
        #expect(PDFFontMetrics.code(ofGlyphNamed: "alpha", in: .helvetica) == nil)
        #expect(PDFFontMetrics.code(ofGlyphNamed: "", in: .symbol) == nil)
    }

    @Test func onlyTheLatinFontsAreGivenWinAnsiEncoding() {
        #expect(PDFStandardFont.allCases.count == 14)
        for font in PDFStandardFont.allCases {
            let encoding = font.dictionary["Encoding"]
            #expect(encoding == (font.usesWinAnsiEncoding ? .name("WinAnsiEncoding") : nil), "\(font)")
            #expect(font.dictionary["BaseFont"] == .name(font.rawValue))
        }
        #expect(!PDFStandardFont.symbol.usesWinAnsiEncoding)
        #expect(!PDFStandardFont.zapfDingbats.usesWinAnsiEncoding)
    }

    @Test func timesWidthsMeasureText() {
        #expect(PDFFontMetrics.width(of: "Times", font: .timesRoman, size: 1000) == Double(611 + 278 + 778 + 444 + 389))
        #expect(PDFFontMetrics.width(of: "-@", font: .helvetica, size: 1000) == Double(333 + 1015))
    }

    @Test(arguments: PDFStandardFont.allCases)
    func verticalMetricsPlaceALine(font: PDFStandardFont) {
        let ascent = PDFFontMetrics.ascent(of: font, size: 10)
        let capHeight = PDFFontMetrics.capHeight(of: font, size: 10)
        let descent = PDFFontMetrics.descent(of: font, size: 10)
        #expect(ascent >= capHeight && capHeight > 5 && descent < 0 && descent > -3.5, "\(font)")
    }
}
