import Foundation
import Testing

@testable import PDF

/// Encodes text in embedded TrueType subsets, writes their PDF objects, and checks a page
/// of Japanese and Latin text with Poppler and qpdf.
@Suite struct PDFEmbeddedFontTests {
    /// The text of the test page.
    static let text = "山田太郎 Yamada"

    /// The tools the page is checked with.
    static let qpdf = ExternalTool("qpdf")
    static let pdftotext = ExternalTool("pdftotext")
    static let pdffonts = ExternalTool("pdffonts")
    static let pdftoppm = ExternalTool("pdftoppm")

    /// Whether the Droid font and all the tools are installed.
    static let canCheckWithPoppler =
        TrueTypeFontTests.droidIsInstalled && qpdf.isInstalled && pdftotext.isInstalled && pdffonts.isInstalled
        && pdftoppm.isInstalled

    /// The objects written to a sink, by object number.
    struct RecordingSink: PDFObjectSink {
        /// The objects written, by object number.
        var objects: [Int: PDFIndirectObject] = [:]
        /// The number of object numbers allocated.
        var count = 0

        /// Allocates the next object number.
        mutating func allocate() -> PDFReference {
            count += 1
            return PDFReference(number: count)
        }

        /// Records `object` as object `reference`.
        mutating func write(_ object: PDFIndirectObject, as reference: PDFReference) {
            objects[reference.number] = object
        }

        /// The object `reference` refers to.
        func resolve(_ reference: PDFObject?) throws -> PDFIndirectObject {
            let number = try #require(reference?.referenceValue).number
            return try #require(objects[number])
        }
    }

    /// A one-page A4 file showing `text` at 24 points from (72, 700): each run of characters
    /// that `font` has glyphs for in it, the other runs in Helvetica, one after the other.
    static func onePageFile(showing text: String, in font: inout PDFEmbeddedFont) -> [UInt8] {
        let size = 24.0
        var content: [UInt8] = []
        var x = 72.0
        for run in runs(of: text, in: font) {
            let resource: String
            let operand: PDFObject
            let width: Double
            if run.isEmbedded {
                (resource, operand, width) = ("F1", .hexString(font.encode(run.text)), font.width(of: run.text, size: size))
            } else {
                let codes = PDFWinAnsiEncoding.encode(run.text)
                (resource, operand, width) = ("F2", .string(codes), PDFFontMetrics.width(ofCodes: codes, font: .helvetica, size: size))
            }
            let operation: [PDFObject] = [.name(resource), .real(size), .real(x), .real(700), operand]
            let serialized = operation.map { String(decoding: $0.serialized, as: UTF8.self) }
            content += Array("BT \(serialized[0]) \(serialized[1]) Tf \(serialized[2]) \(serialized[3]) Td \(serialized[4]) Tj ET\n".utf8)
            x += width
        }

        var writer = PDFObjectWriter()
        let catalog = writer.allocate()
        let pages = writer.allocate()
        let contentReference = writer.add(PDFStream(dictionary: [:], data: content))
        let embeddedFont = font.write(to: &writer)
        let helvetica = writer.add(.dictionary(PDFStandardFont.helvetica.dictionary))
        let page = writer.add(
            .dictionary([
                "Type": .name("Page"),
                "Parent": .reference(pages),
                "MediaBox": .array([0, 0, 595, 842].map(PDFObject.integer)),
                "Resources": .dictionary(["Font": .dictionary(["F1": .reference(embeddedFont), "F2": .reference(helvetica)])]),
                "Contents": .reference(contentReference),
            ])
        )
        writer.write(.object(.dictionary(["Type": .name("Pages"), "Kids": .array([.reference(page)]), "Count": .integer(1)])), as: pages)
        writer.write(.object(.dictionary(["Type": .name("Catalog"), "Pages": .reference(pages)])), as: catalog)
        let info = writer.add(.dictionary(["Producer": .string(Array("PDFEmbeddedFontTests".utf8))]))
        return writer.finish(root: catalog, info: info)
    }

    /// `text` cut into runs of characters that `font` can all encode or all cannot.
    static func runs(of text: String, in font: PDFEmbeddedFont) -> [(text: String, isEmbedded: Bool)] {
        var runs: [(text: String, isEmbedded: Bool)] = []
        for character in text {
            let isEmbedded = font.canEncode(character)
            if let last = runs.last, last.isEmbedded == isEmbedded {
                runs[runs.count - 1].text.append(character)
            } else {
                runs.append((String(character), isEmbedded))
            }
        }
        return runs
    }

    @Test func cidsAreGivenInOrderOfFirstUse() throws {
        var font = try PDFEmbeddedFont(bytes: TestTrueTypeFont.bytes())
        #expect(font.encode("BAB") == [0, 1, 0, 2, 0, 1])
        #expect(font.encode("CA") == [0, 0, 0, 2])
        #expect(font.glyphs == [0, 2, 1])
    }

    @Test func measuresAndPlacesText() throws {
        let font = try PDFEmbeddedFont(bytes: TestTrueTypeFont.bytes())
        #expect(font.width(of: "AB", size: 10) == 13)
        #expect(font.width(of: "C", size: 10) == 5)
        #expect(font.ascent(size: 10) == 8)
        #expect(font.descent(size: 10) == -2)
        #expect(font.capHeight(size: 10) == 8)
        #expect(font.canEncode("A"))
        #expect(!font.canEncode("C"))
        #expect(!font.canEncode("A\u{301}"))
    }

    @Test func subsetTagIsSixLettersDeterminedByTheGlyphs() throws {
        var first = try PDFEmbeddedFont(bytes: TestTrueTypeFont.bytes())
        var second = first
        _ = first.encode("AB")
        _ = second.encode("AB")
        #expect(first.baseFontName == second.baseFontName)
        let tag = try #require(first.baseFontName.split(separator: "+").first)
        #expect(tag.count == 6 && tag.allSatisfy { ("A"..."Z").contains($0) })
        #expect(first.baseFontName.hasSuffix("+Embedded"))
        _ = second.encode("BA")
        var third = try PDFEmbeddedFont(bytes: TestTrueTypeFont.bytes())
        _ = third.encode("BA")
        #expect(third.baseFontName != first.baseFontName)
    }

    @Test func writesAType0FontWithItsDescendantDescriptorProgramAndToUnicode() throws {
        var font = try PDFEmbeddedFont(bytes: TestTrueTypeFont.bytes())
        _ = font.encode("BA")
        var sink = RecordingSink()
        let reference = font.write(to: &sink)

        let type0 = try #require(sink.objects[reference.number]?.object.dictionaryValue)
        #expect(type0["Subtype"] == .name("Type0"))
        #expect(type0["Encoding"] == .name("Identity-H"))
        #expect(type0["BaseFont"] == .name(font.baseFontName))
        let descendants = try #require(type0["DescendantFonts"]?.arrayValue)
        #expect(descendants.count == 1)

        let cidFont = try #require(try sink.resolve(descendants.first).object.dictionaryValue)
        #expect(cidFont["Subtype"] == .name("CIDFontType2"))
        #expect(cidFont["CIDToGIDMap"] == .name("Identity"))
        #expect(cidFont["W"] == .array([.integer(0), .array([.real(500), .real(700), .real(600)])]))
        let systemInfo = try #require(cidFont["CIDSystemInfo"]?.dictionaryValue)
        #expect(systemInfo["Ordering"] == .string(Array("Identity".utf8)))

        let descriptor = try #require(try sink.resolve(cidFont["FontDescriptor"]).object.dictionaryValue)
        #expect(descriptor["FontName"] == .name(font.baseFontName))
        #expect(descriptor["Ascent"] == .real(800) && descriptor["Descent"] == .real(-200))
        let program = try #require(try sink.resolve(descriptor["FontFile2"]).stream)
        #expect(program.dictionary["Filter"] == .name("FlateDecode"))
        let programBytes = try PDFFlate.decompress(program.data, maximumOutputSize: 1 << 20)
        #expect(program.dictionary["Length1"] == .integer(programBytes.count))
        let subset = try TrueTypeFont(bytes: programBytes)
        #expect(subset.glyphCount == 3)

        let toUnicode = try #require(try sink.resolve(type0["ToUnicode"]).stream)
        let cmap = String(decoding: try PDFFlate.decompress(toUnicode.data, maximumOutputSize: 1 << 20), as: UTF8.self)
        #expect(cmap.contains("2 beginbfchar\n<0001> <0042>\n<0002> <0041>\nendbfchar"))
    }

    @Test func toUnicodeWritesSupplementaryCharactersAsSurrogatePairsInBlocksOfAHundred() {
        let mappings = (0..<150).map { (code: UInt16($0), text: "𠮷") }
        let cmap = String(decoding: PDFToUnicodeCMap.program(for: mappings), as: UTF8.self)
        #expect(cmap.contains("100 beginbfchar\n<0000> <D842DFB7>"))
        #expect(cmap.contains("50 beginbfchar\n<0064> <D842DFB7>"))
    }

    @Test(.enabled(if: TrueTypeFontTests.droidIsInstalled))
    func mixedTextIsCutIntoEmbeddedAndStandardRuns() throws {
        let font = PDFEmbeddedFont(font: try TrueTypeFontTests.droid())
        let runs = Self.runs(of: Self.text, in: font)
        #expect(runs.map(\.text) == ["山田太郎 ", "Yamada"])
        #expect(runs.map(\.isEmbedded) == [true, false])
    }

    @Test(.enabled(if: canCheckWithPoppler))
    func popplerExtractsListsAndRendersJapaneseText() async throws {
        var font = PDFEmbeddedFont(font: try TrueTypeFontTests.droid())
        let file = Self.onePageFile(showing: Self.text, in: &font)
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let path = try scratch.write(file, to: "japanese.pdf")

        let check = try await Self.qpdf.run(["--check", path], in: scratch.url)
        #expect(check.status == 0, "\(check.output) \(check.errors)")
        #expect(check.output.contains("No syntax or stream encoding errors found"))
        #expect(!(check.output + check.errors).uppercased().contains("WARNING"), "\(check.output) \(check.errors)")

        let text = try await Self.pdftotext.run(["-enc", "UTF-8", path, "-"], in: scratch.url)
        #expect(text.status == 0, "\(text.errors)")
        #expect(text.output.trimmingCharacters(in: .whitespacesAndNewlines) == Self.text)

        let fonts = try await Self.pdffonts.run([path], in: scratch.url)
        #expect(fonts.status == 0, "\(fonts.errors)")
        #expect(fonts.output.contains("Helvetica "), "\(fonts.output)")
        let line = try #require(fonts.output.split(separator: "\n").first { $0.contains("+DroidSansFallback") }, "\(fonts.output)")
        let columns = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        #expect(line.contains("CID TrueType"), "\(line)")
        #expect(columns.contains("Identity-H"), "\(line)")
        #expect(Array(columns.suffix(5).prefix(3)) == ["yes", "yes", "yes"], "embedded, subset, ToUnicode: \(line)")
        #expect(fonts.errors.isEmpty, "\(fonts.errors)")

        let render = try await Self.pdftoppm.run(["-r", "72", "-gray", "-singlefile", path, "page"], in: scratch.url)
        #expect(render.status == 0, "\(render.errors)")
        let image = try GrayImage(pgm: [UInt8](try Data(contentsOf: scratch.url.appendingPathComponent("page.pgm"))))
        #expect(image.width == 595 && image.height == 842)
        // The four kanji and a space fill 72…180 points across, Yamada follows in Helvetica;
        // the line sits between 118 and 148 points from the top.
        let kanji = image.darkPixels(x: 72..<168, y: 112..<150)
        let latin = image.darkPixels(x: 180..<300, y: 112..<150)
        let elsewhere = image.darkPixels(x: 0..<595, y: 200..<842)
        #expect(kanji > 300, "kanji drawn: \(kanji) dark pixels")
        #expect(latin > 100, "Latin drawn: \(latin) dark pixels")
        #expect(elsewhere == 0)
    }
}

/// An 8-bit grayscale image read from a binary PGM file, as `pdftoppm -gray` writes it.
struct GrayImage {
    /// The width in pixels.
    let width: Int
    /// The height in pixels.
    let height: Int
    /// The pixels, row by row from the top, 0 black to 255 white.
    let pixels: [UInt8]

    /// Reads `pgm`: `P5`, width, height and maximum value separated by white space, one
    /// white-space byte, then the pixels.
    init(pgm: [UInt8]) throws {
        var fields: [Int] = []
        var index = 2
        try #require(pgm.starts(with: Array("P5".utf8)))
        while fields.count < 3, index < pgm.count {
            while index < pgm.count, pgm[index] == 0x20 || pgm[index] == 0x0A || pgm[index] == 0x0D || pgm[index] == 0x09 {
                index += 1
            }
            var value = 0
            while index < pgm.count, (0x30...0x39).contains(pgm[index]) {
                value = value * 10 + Int(pgm[index] - 0x30)
                index += 1
            }
            fields.append(value)
        }
        index += 1
        try #require(fields.count == 3 && fields[2] == 255)
        width = fields[0]
        height = fields[1]
        pixels = Array(pgm[index...])
        try #require(pixels.count == width * height)
    }

    /// The number of pixels darker than middle gray in the rectangle `x` by `y`, in pixels
    /// from the top-left corner.
    func darkPixels(x: Range<Int>, y: Range<Int>) -> Int {
        var count = 0
        for row in y where row < height {
            for column in x where column < width && pixels[row * width + column] < 128 {
                count += 1
            }
        }
        return count
    }
}
