import Foundation
import Testing

@testable import PDF

@Suite struct PDFOverlayTests {
    /// A page rendered by pdftoppm in colour at 72 dpi over its crop box: one pixel per point.
    private struct Rendering {
        let width: Int
        let height: Int
        let pixels: [UInt8]

        /// The colour at `point` of the page as displayed (y from the bottom).
        func color(at point: PDFPoint) -> (red: UInt8, green: UInt8, blue: UInt8) {
            let row = height - 1 - Int(point.y)
            let index = 3 * (row * width + Int(point.x))
            return (pixels[index], pixels[index + 1], pixels[index + 2])
        }
    }

    /// Renders page `page` (from 1) of `path`.
    private func render(_ path: String, page: Int, in scratch: ScratchDirectory) async throws -> Rendering {
        let prefix = scratch.url.appendingPathComponent("render-\(page)").path
        let result = try await ExternalTool("pdftoppm").run(
            ["-r", "72", "-cropbox", "-f", "\(page)", "-l", "\(page)", "-singlefile", path, prefix], in: scratch.url)
        #expect(result.status == 0, "\(result.errors)")
        let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: prefix + ".ppm")))
        var fields: [String] = []
        var index = 0
        while fields.count < 4 {
            var field = ""
            while index < bytes.count, !(bytes[index] == 0x20 || bytes[index] == 0x0A) {
                field.append(Character(UnicodeScalar(bytes[index])))
                index += 1
            }
            index += 1
            if !field.isEmpty { fields.append(field) }
        }
        return Rendering(width: Int(fields[1])!, height: Int(fields[2])!, pixels: Array(bytes[index...]))
    }

    /// An overlay 200 × 60 points: a red image at its bottom-left, a black pen stroke to the
    /// right of it, and a line of text above.
    private func overlay(text: String, fallbackFont: PDFEmbeddedFont? = nil) throws -> PDFAppearanceStream {
        var appearance = PDFAppearanceStream(size: PDFSize(width: 200, height: 60), fallbackFont: fallbackFont)
        let red = PDFImageTests.png(
            width: 2, height: 2, colorType: 2, imageData: PDFFlate.compress([0, 255, 0, 0, 255, 0, 0, 0, 255, 0, 0, 255, 0, 0]))
        appearance.drawImage(try PDFImage(png: red), in: PDFRect(x: 0, y: 0, width: 40, height: 20))
        appearance.content.setLineWidth(4)
        appearance.content.setRoundLineEnds()
        appearance.content.strokeLine(through: [PDFPoint(x: 60, y: 10), PDFPoint(x: 120, y: 10), PDFPoint(x: 160, y: 12)])
        appearance.drawText(text, at: PDFPoint(x: 4, y: 40), font: .helveticaBold, size: 14)
        return appearance
    }

    @Test(arguments: [0, 1, 2])
    func overlaysLandWhereTheViewerLooksWhateverTheRotationAndCropBox(pageIndex: Int) async throws {
        guard ExternalTool("pdftoppm").isInstalled, ExternalTool("qpdf").isInstalled else { return }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try PDFFile(bytes: HandWrittenPDF.threePages().bytes)
        let page = try file.pages()[pageIndex]
        var update = PDFIncrementalUpdate(file: file)
        let origin = PDFPoint(x: 100, y: 120)
        try update.addOverlay(try overlay(text: "Overlay ABC"), at: origin, on: page)
        let path = try scratch.write(update.serialize().bytes, to: "overlay.pdf")

        let check = try await ExternalTool("qpdf").run(["--check", path], in: scratch.url)
        #expect(check.status == 0, "\(check.output)")
        let text = try await ExternalTool("pdftotext").run(["-f", "\(pageIndex + 1)", "-l", "\(pageIndex + 1)", path, "-"], in: scratch.url)
        #expect(text.output.contains("Overlay ABC"))

        let rendering = try await render(path, page: pageIndex + 1, in: scratch)
        let visible = PDFPageGeometry(page: page).visibleSize
        #expect(rendering.width == Int(visible.width.rounded()) && rendering.height == Int(visible.height.rounded()))
        let image = rendering.color(at: PDFPoint(x: origin.x + 20, y: origin.y + 10))
        #expect(image.red > 200 && image.green < 60 && image.blue < 60, "the red image is not at the overlay's corner: \(image)")
        let stroke = rendering.color(at: PDFPoint(x: origin.x + 90, y: origin.y + 10))
        #expect(stroke.red < 80 && stroke.green < 80 && stroke.blue < 80, "the pen stroke is missing: \(stroke)")
        let outside = rendering.color(at: PDFPoint(x: origin.x + 20, y: origin.y + 80))
        #expect(outside.red > 200 && outside.green > 200 && outside.blue > 200)
    }

    @Test func overlaysKeepThePageContentAndWrapItInASavedState() throws {
        let file = try PDFFile(bytes: HandWrittenPDF.threePages().bytes)
        let page = try file.pages()[0]
        var update = PDFIncrementalUpdate(file: file)
        try update.addOverlay(try overlay(text: "x"), at: PDFPoint(x: 0, y: 0), on: page)
        let reread = try PDFFile(bytes: update.serialize().bytes)
        let contents = try #require(try reread.pages()[0].dictionary["Contents"]?.arrayValue)
        #expect(contents.count == 4)
        #expect(contents[1] == .reference(PDFReference(number: 7)))
        let first = try reread.decodedData(of: try #require(try reread.stream(contents[0])))
        let third = try reread.decodedData(of: try #require(try reread.stream(contents[2])))
        #expect(String(decoding: first, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "q")
        #expect(String(decoding: third, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines) == "Q")
        let resources = try #require(reread.pages()[0].completeDictionary["Resources"]?.dictionaryValue)
        #expect(resources["XObject"]?.dictionaryValue?["ChanceryOverlay1"] != nil)
    }

    @Test func textOutsideWinAnsiIsDrawnInTheFallbackFont() async throws {
        guard ExternalTool("pdftotext").isInstalled, let cjk = PDFSystemFontLocator.cjkFont() else { return }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try PDFFile(bytes: HandWrittenPDF.threePages().bytes)
        var update = PDFIncrementalUpdate(file: file)
        let appearance = try overlay(text: "山田太郎 Yamada", fallbackFont: PDFEmbeddedFont(font: cjk.font))
        #expect(appearance.width(of: "山田太郎", font: .helvetica, size: 10) > 30)
        try update.addOverlay(appearance, at: PDFPoint(x: 72, y: 300), on: try file.pages()[0])
        let path = try scratch.write(update.serialize().bytes, to: "cjk.pdf")
        let text = try await ExternalTool("pdftotext").run(["-f", "1", "-l", "1", path, "-"], in: scratch.url)
        #expect(text.output.contains("山田太郎 Yamada"))
        let fonts = try await ExternalTool("pdffonts").run([path], in: scratch.url)
        #expect(fonts.output.contains("CID TrueType"))
    }
}
