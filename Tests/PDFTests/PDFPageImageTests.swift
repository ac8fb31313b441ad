import Foundation
import Testing

@testable import PDF

/// Checks pictures drawn on pages of a new document: their resources, their place in the
/// content stream, and what Poppler renders.
@Suite struct PDFPageImageTests {
    static let pdftoppm = ExternalTool("pdftoppm")
    static let qpdf = ExternalTool("qpdf")

    /// A 2 × 1 RGB PNG: a red pixel, then a blue one.
    static let redBlue = PDFImageTests.png(width: 2, height: 1, colorType: 2, imageData: PDFFlate.compress([0, 255, 0, 0, 0, 0, 255]))

    @Test func imagesBecomeResourcesPaintedWhereTheyAreDrawn() throws {
        var page = PDFPage(size: PDFSize(width: 200, height: 100))
        page.content.setFillColor(.gray(0.5))
        page.drawImage(try PDFImage(png: Self.redBlue), in: PDFRect(x: 0, y: 0, width: 100, height: 50))
        page.content.fill(PDFRect(x: 150, y: 50, width: 10, height: 10))
        page.drawImage(try PDFImage(png: Self.redBlue), in: PDFRect(x: 100, y: 50, width: 40, height: 20))
        #expect(
            String(decoding: page.content.bytes, as: UTF8.self) == """
                0.5 g
                q
                100 0 0 50 0 0 cm
                /Im1 Do
                Q
                150 50 10 10 re
                f
                q
                40 0 0 20 100 50 cm
                /Im2 Do
                Q

                """)

        var document = PDFDocument()
        document.pages.append(page)
        document.pages.append(PDFPage(size: .a4))
        let file = try PDFFile(bytes: document.serialized())
        let pages = try file.pages()
        let resources = try #require(try file.resolve(pages[0].completeDictionary["Resources"] ?? .null).dictionaryValue)
        let images = try #require(resources["XObject"]?.dictionaryValue)
        #expect(images.keys.sorted() == ["Im1", "Im2"])
        for name in ["Im1", "Im2"] {
            let image = try #require(try file.stream(images[name] ?? .null))
            #expect(image.dictionary["Subtype"] == .name("Image"))
            #expect(image.dictionary["Width"] == .integer(2))
        }
        let plainResources = try file.resolve(pages[1].completeDictionary["Resources"] ?? .null).dictionaryValue
        #expect(plainResources?["XObject"] == nil)
    }

    @Test(.enabled(if: pdftoppm.isInstalled && qpdf.isInstalled))
    func popplerRendersTheImageOnThePage() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var page = PDFPage(size: PDFSize(width: 100, height: 50))
        page.drawImage(try PDFImage(png: Self.redBlue), in: PDFRect(x: 0, y: 0, width: 100, height: 50))
        var document = PDFDocument()
        document.pages.append(page)
        let path = try scratch.write(document.serialized(), to: "picture.pdf")

        let check = try await Self.qpdf.run(["--check", path], in: scratch.url)
        #expect(check.output.contains("No syntax or stream encoding errors found"), "\(check.output) \(check.errors)")
        let render = try await Self.pdftoppm.run(["-r", "72", "-singlefile", path, "page"], in: scratch.url)
        #expect(render.status == 0, "\(render.errors)")
        let ppm = [UInt8](try Data(contentsOf: scratch.url.appendingPathComponent("page.ppm")))
        let header = Array("P6\n100 50\n255\n".utf8)
        #expect(Array(ppm.prefix(header.count)) == header)
        /// The rendered colour `x` pixels from the left, in the middle row.
        func pixel(_ x: Int) -> [Int] {
            let start = header.count + 3 * (25 * 100 + x)
            return ppm[start..<(start + 3)].map { Int($0) }
        }
        /// Whether `actual` is within 12 of `expected` in every channel.
        func isClose(_ actual: [Int], _ expected: [Int]) -> Bool {
            zip(actual, expected).allSatisfy { abs($0 - $1) <= 12 }
        }
        #expect(isClose(pixel(25), [255, 0, 0]), "\(pixel(25))")
        #expect(isClose(pixel(75), [0, 0, 255]), "\(pixel(75))")
    }
}
