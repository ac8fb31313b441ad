import ChanceryTestSupport
import Testing

@testable import PDF

/// Random mutations of valid content streams and CMaps: extraction and CMap reading always
/// finish, whatever the bytes.
@Suite struct PDFTextFuzzTests {
    /// Fragments that mutations insert: operators, delimiters, and numbers at the edges.
    static let fragments = [
        "BT", "ET", "q", "Q", "Tj", "TJ", "'", "\"", "Tf", "Tm", "cm", "Td", "TD", "T*", "Do", "BI", "ID", "EI", "[", "]", "<<",
        ">>", "(", ")", "<", ">", "/F1", "/Fm1", "1e308", "-99999999999999999999", "0", "3.4", "begincodespacerange",
        "beginbfrange", "endbfrange", "beginbfchar", "<FFFFFFFF>", "<D800>", "%", "\\", "\n",
    ].map { Array($0.utf8) }

    /// `bytes` changed by a few random insertions, deletions, byte flips and duplications.
    static func mutate(_ bytes: [UInt8], using random: inout SeededGenerator) -> [UInt8] {
        var result = bytes
        for _ in 0..<Int.random(in: 1...8, using: &random) {
            let position = Int.random(in: 0...result.count, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0:
                result.insert(contentsOf: fragments.randomElement(using: &random)!, at: position)
            case 1:
                let end = min(result.count, position + Int.random(in: 1...16, using: &random))
                result.removeSubrange(position..<end)
            case 2:
                if position < result.count {
                    result[position] = UInt8.random(in: 0...255, using: &random)
                }
            default:
                let end = min(result.count, position + Int.random(in: 1...64, using: &random))
                result.insert(contentsOf: result[position..<end], at: position)
            }
        }
        return result
    }

    /// A page with Courier, a composite font with a ToUnicode CMap, and a form.
    static func page(content: [UInt8], toUnicode: [UInt8]) -> TextTestPage {
        var page = TextTestPage(content: content)
        page.fonts = "/F3 10 0 R"
        page.resources = "/XObject << /Fm1 13 0 R >>"
        page.objects[10] = "<< /Type /Font /Subtype /Type0 /Encoding /Identity-H /DescendantFonts [11 0 R] /ToUnicode 12 0 R >>"
        page.objects[11] = "<< /Type /Font /Subtype /CIDFontType2 /W [1 [500 600] 10 12 700] >>"
        page.streams[12] = ("", toUnicode)
        page.streams[13] = ("/Subtype /Form /BBox [0 0 10 10] /Matrix [1 0 0 1 5 5]", content)
        return page
    }

    static let content = Array(
        """
        q 1 0 0 1 10 20 cm BT /F1 10 Tf 14 TL 100 500 Td [(A) -120 (B)] TJ T* (C) ' 1 2 (D) " ET Q
        BI /W 4 /H 1 /BPC 8 /CS /G ID abcd EI
        BT /F3 12 Tf 2 0 0 2 0 0 Tm <0001000A000B> Tj ET /Fm1 Do
        """.utf8)

    static let toUnicode = Array(
        """
        1 begincodespacerange <0000> <FFFF> endcodespacerange
        2 beginbfrange <0001> <0002> [<0041> <D83DDE00>] <000A> <000C> <0061> endbfrange
        1 beginbfchar <0005> <00660069> endbfchar
        """.utf8)

    @Test func theUnmutatedPageReadsAsExpected() throws {
        let glyphs = try Self.page(content: Self.content, toUnicode: Self.toUnicode).glyphs()
        #expect(glyphs.text == "ABCDAabABCDAab")
    }

    @Test(arguments: 0..<4)
    func mutatedContentStreamsAndCMapsAlwaysFinish(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<150 {
            let content = Self.mutate(Self.content, using: &random)
            let toUnicode = Self.mutate(Self.toUnicode, using: &random)
            let glyphs = try Self.page(content: content, toUnicode: toUnicode).glyphs()
            #expect(glyphs.count <= 4 * content.count)
            _ = PDFCharacterMap(parsing: toUnicode)
        }
    }

    @Test(arguments: 0..<2)
    func randomBytesAlwaysFinish(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed + 100)
        for _ in 0..<100 {
            let bytes = (0..<Int.random(in: 0...400, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            _ = try Self.page(content: bytes, toUnicode: bytes).glyphs()
            _ = PDFCharacterMap(parsing: bytes)
        }
    }

    @Test func manyOperationsAreCutAtTheBound() throws {
        let content = Array("BT /F1 1 Tf ".utf8) + Array(repeating: Array("(ab) Tj ".utf8), count: 150_000).flatMap { $0 }
        let glyphs = try TextTestPage(content: content).glyphs()
        #expect(glyphs.count == PDFTextExtractor.maximumGlyphCount)
    }

    @Test func deeplyNestedFormsStopAtTheDepthBound() throws {
        var page = TextTestPage(content: "/Fm0 Do")
        page.resources = "/XObject << /Fm0 10 0 R >>"
        for level in 0..<20 {
            page.streams[10 + level] = (
                "/Subtype /Form /BBox [0 0 1 1] /Resources << /XObject << /Fm0 \(11 + level) 0 R >> /Font << /F1 5 0 R >> >>",
                Array("BT /F1 1 Tf (x) Tj ET /Fm0 Do".utf8)
            )
        }
        #expect(try page.glyphs().count == PDFTextExtractor.maximumFormDepth)
    }
}
