import Testing

@testable import PDF

@Suite struct PDFFontMetricsTests {
    @Test func helveticaWidthsAreTheAdobeMetrics() {
        let hello = PDFFontMetrics.width(of: "Hello", font: .helvetica, size: 12)
        #expect(abs(hello - 0.001 * 12 * Double(722 + 556 + 222 + 222 + 556)) < 1e-9)
        let boldHello = PDFFontMetrics.width(of: "Hello", font: .helveticaBold, size: 10)
        #expect(abs(boldHello - 0.01 * Double(722 + 556 + 278 + 278 + 611)) < 1e-9)
    }

    @Test func obliqueFacesShareTheUprightWidths() {
        let text = "The quick brown fox – Œuvre ß €"
        #expect(PDFFontMetrics.width(of: text, font: .helveticaOblique, size: 11) == PDFFontMetrics.width(of: text, font: .helvetica, size: 11))
        #expect(
            PDFFontMetrics.width(of: text, font: .helveticaBoldOblique, size: 11) == PDFFontMetrics.width(of: text, font: .helveticaBold, size: 11))
    }

    @Test func courierIsMonospaced() {
        let hash = String(repeating: "0123456789abcdef", count: 4)
        #expect(PDFFontMetrics.width(of: hash, font: .courier, size: 10) == 384)
        #expect(PDFFontMetrics.width(of: "iW€é", font: .courierBold, size: 10) == 24)
    }

    @Test func codePage1252CharactersHaveTheirOwnWidths() {
        #expect(PDFFontMetrics.glyphWidth(of: UInt8(ascii: "'"), in: .helvetica) == 191)
        #expect(PDFFontMetrics.glyphWidth(of: UInt8(ascii: "`"), in: .helvetica) == 333)
        #expect(PDFFontMetrics.width(of: "€", font: .helvetica, size: 1000) == 556)
        #expect(PDFFontMetrics.width(of: "é", font: .helvetica, size: 1000) == 556)
        #expect(PDFFontMetrics.width(of: "—", font: .helveticaBold, size: 1000) == 1000)
        #expect(PDFFontMetrics.width(of: "ÿ", font: .helveticaBold, size: 1000) == 556)
    }

    @Test func unrepresentableCharactersMeasureAsQuestionMarks() {
        #expect(PDFFontMetrics.width(of: "✓日", font: .helvetica, size: 10) == PDFFontMetrics.width(of: "??", font: .helvetica, size: 10))
    }

    @Test func everyDrawableCodeHasAWidth() {
        let undefined: Set<UInt8> = [0x7F, 0x81, 0x8D, 0x8F, 0x90, 0x9D]
        for code in UInt8(32)...255 where !undefined.contains(code) {
            #expect(PDFFontMetrics.glyphWidth(of: code, in: .helvetica) > 0, "code \(code)")
            #expect(PDFFontMetrics.glyphWidth(of: code, in: .helveticaBold) > 0, "code \(code)")
        }
    }
}
