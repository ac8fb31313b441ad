import Foundation
import Testing

@testable import PDF

/// Text extraction from a PDF that LibreOffice makes, checked against Poppler's
/// `pdftotext -bbox`.
@Suite(
    .enabled(
        if: ExternalTool("soffice").isInstalled && ExternalTool("pdftotext").isInstalled,
        "LibreOffice (/usr/bin/soffice) or Poppler (/usr/bin/pdftotext) is not installed"
    )
)
struct PDFTextLibreOfficeTests {
    /// LibreOffice, which turns the text file into a PDF.
    static let soffice = ExternalTool("soffice")
    /// Poppler's text extractor, the reference for where words are.
    static let pdftotext = ExternalTool("pdftotext")

    /// The text file's lines.
    static let lines = ["Contract between the parties.", "Sign here: {{signature:1:y}}", "Initials: {{initials:2:n}} done"]

    /// A word's box as `pdftotext -bbox` gives it: from the top-left corner of the crop box,
    /// y downwards.
    struct PopplerWord {
        /// The word.
        var text: String
        /// The left edge.
        var xMin: Double
        /// The top edge.
        var yMin: Double
        /// The right edge.
        var xMax: Double
        /// The bottom edge.
        var yMax: Double
    }

    /// The words of `pdftotext -bbox` output `html`.
    static func words(inBoundingBoxOutput html: String) -> [PopplerWord] {
        html.split(separator: "\n").compactMap { line in
            guard line.contains("<word "), let start = line.firstIndex(of: ">"), let end = line.range(of: "</word>") else { return nil }
            func number(_ name: String) -> Double? {
                guard let range = line.range(of: "\(name)=\"") else { return nil }
                return Double(line[range.upperBound...].prefix { $0 != "\"" })
            }
            guard let xMin = number("xMin"), let yMin = number("yMin"), let xMax = number("xMax"), let yMax = number("yMax") else {
                return nil
            }
            return PopplerWord(text: String(line[line.index(after: start)..<end.lowerBound]), xMin: xMin, yMin: yMin, xMax: xMax, yMax: yMax)
        }
    }

    /// The glyphs that show `text` in `glyphs`, the first time it occurs in their joined text.
    static func glyphs(showing text: String, in glyphs: [PDFTextGlyph]) -> ArraySlice<PDFTextGlyph>? {
        var characters: [Character] = []
        var owners: [Int] = []
        for (index, glyph) in glyphs.enumerated() {
            for character in glyph.text {
                characters.append(character)
                owners.append(index)
            }
        }
        let target = Array(text)
        guard target.count <= characters.count else { return nil }
        for start in 0...(characters.count - target.count) where Array(characters[start..<start + target.count]) == target {
            return glyphs[owners[start]...owners[start + target.count - 1]]
        }
        return nil
    }

    @Test func tagsAreWherePopplerFindsThem() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        _ = try scratch.write(Array(Self.lines.joined(separator: "\n").utf8), to: "contract.txt")
        let profile = scratch.url.appendingPathComponent("profile").absoluteString
        let conversion = try await Self.soffice.run(
            ["-env:UserInstallation=\(profile)", "--headless", "--norestore", "--convert-to", "pdf", "--outdir", scratch.url.path, "contract.txt"],
            in: scratch.url
        )
        #expect(conversion.status == 0, "\(conversion.output) \(conversion.errors)")
        let pdf = [UInt8](try Data(contentsOf: scratch.url.appendingPathComponent("contract.pdf")))

        let file = try PDFFile(bytes: pdf)
        let page = try file.pages()[0]
        let glyphs = try file.textGlyphs(on: page)
        #expect(glyphs.text.contains("Sign here: {{signature:1:y}}"))

        let popplerOutput = try await Self.pdftotext.run(["-bbox", "contract.pdf", "-"], in: scratch.url)
        #expect(popplerOutput.status == 0, "\(popplerOutput.errors)")
        let words = Self.words(inBoundingBoxOutput: popplerOutput.output)
        let top = page.cropBox.y + page.cropBox.height
        let (ascent, descent) = try Self.popplerVerticalMetrics(of: file, page: page)
        for tag in ["{{signature:1:y}}", "{{initials:2:n}}"] {
            let tagGlyphs = try #require(Self.glyphs(showing: tag, in: glyphs), "\(tag) is not in \(glyphs.text)")
            let word = try #require(words.first { $0.text == tag }, "pdftotext did not find \(tag)")
            let first = try #require(tagGlyphs.first)
            let last = try #require(tagGlyphs.last)
            let left = first.box.x
            let right = last.box.x + last.box.width
            let baseline = first.box.y
            #expect(tagGlyphs.allSatisfy { isClose($0.box.y, baseline) && isClose($0.fontSize, first.fontSize) })
            #expect(left >= page.cropBox.x && right <= page.cropBox.x + page.cropBox.width)
            #expect(baseline >= page.cropBox.y && baseline + first.fontSize <= top)
            #expect(isClose(left - page.cropBox.x, word.xMin, within: 1), "\(tag): left \(left) against \(word.xMin)")
            #expect(isClose(right - page.cropBox.x, word.xMax, within: 1), "\(tag): right \(right) against \(word.xMax)")
            #expect(isClose(top - (baseline + ascent * first.fontSize), word.yMin, within: 1), "\(tag): top against \(word.yMin)")
            #expect(isClose(top - (baseline + descent * first.fontSize), word.yMax, within: 1), "\(tag): bottom against \(word.yMax)")
        }
    }

    /// How far above and below the baseline Poppler's word boxes reach, in ems: the
    /// `/Ascent` and `/Descent` of the page's first font's descriptor, or 0.95 and −0.35
    /// where it gives 0 (as LibreOffice's descriptors do), Poppler's defaults.
    static func popplerVerticalMetrics(of file: PDFFile, page: PDFFilePage) throws -> (ascent: Double, descent: Double) {
        let resources = try #require(try file.resolve(page.completeDictionary["Resources"] ?? .null).dictionaryValue)
        let fonts = try #require(try file.resolve(resources["Font"] ?? .null).dictionaryValue)
        let fontReference = try #require(fonts.entries.first?.value)
        let font = try #require(try file.resolve(fontReference).dictionaryValue)
        let descriptor = try file.resolve(font["FontDescriptor"] ?? .null).dictionaryValue
        let ascent = try file.resolve(descriptor?["Ascent"] ?? .null).numberValue ?? 0
        let descent = try file.resolve(descriptor?["Descent"] ?? .null).numberValue ?? 0
        return (ascent == 0 ? 0.95 : ascent / 1000, descent == 0 ? -0.35 : descent / 1000)
    }
}
