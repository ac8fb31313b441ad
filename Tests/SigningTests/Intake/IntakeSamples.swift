import Foundation
import PDF
import Testing

/// Input files for the intake tests, made with the PDF writer and real encoders.
enum IntakeSamples {
    static let pdftoppm = ExternalProgram("pdftoppm")
    static let pdftotext = ExternalProgram("pdftotext")
    static let qpdf = ExternalProgram("qpdf")
    static let soffice = ExternalProgram("soffice")

    /// A PDF of `pages` pages of 200 × 100 pt, each filled red, with its number written on it.
    static func pdf(pages: Int = 1) -> [UInt8] {
        var document = PDFDocument(info: PDFDocumentInfo(title: "Sample"))
        for number in 1...pages {
            var page = PDFPage(size: PDFSize(width: 200, height: 100))
            page.content.setFillColor(.rgb(red: 1, green: 0, blue: 0))
            page.content.fill(PDFRect(x: 0, y: 0, width: 200, height: 100))
            page.content.setFillColor(.gray(1))
            page.content.drawText("Page \(number)", at: PDFPoint(x: 10, y: 10), font: .helvetica, size: 12)
            document.pages.append(page)
        }
        return document.serialized()
    }

    /// A red picture of `width` × `height` pixels in `format` (`png`, `jpeg` or `tiff`),
    /// rendered by Poppler's `pdftoppm` from a red PDF page.
    static func redPicture(format: String, width: Int, height: Int) async throws -> [UInt8] {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        var document = PDFDocument()
        var page = PDFPage(size: PDFSize(width: 100, height: 100))
        page.content.setFillColor(.rgb(red: 1, green: 0, blue: 0))
        page.content.fill(PDFRect(x: 0, y: 0, width: 100, height: 100))
        document.pages.append(page)
        try scratch.write(document.serialized(), to: "red.pdf")
        let result = try await pdftoppm.run(
            ["-\(format)", "-scale-to-x", "\(width)", "-scale-to-y", "\(height)", "-singlefile", "red.pdf", "picture"], in: scratch.url
        )
        #expect(result.status == 0, "\(result.output)")
        let suffix = ["png": "png", "jpeg": "jpg", "tiff": "tif"][format]!
        return try scratch.read("picture.\(suffix)")
    }

    /// A 1 × 1 lossless WebP picture (a VP8L bitstream), as browsers' feature tests use.
    static let webp: [UInt8] = [UInt8](Data(base64Encoded: "UklGRhoAAABXRUJQVlA4TA0AAAAvAAAAEAcQERGIiP4HAA==")!)

    /// The colour at `x`, `y` (pixels from the top left) of page 1 of `pdf` rendered by
    /// Poppler at 72 dpi, as red, green and blue.
    static func renderedColor(of pdf: [UInt8], x: Int, y: Int) async throws -> [Int] {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write(pdf, to: "file.pdf")
        let result = try await pdftoppm.run(["-r", "72", "-singlefile", "-f", "1", "-l", "1", "file.pdf", "page"], in: scratch.url)
        #expect(result.status == 0, "\(result.output)")
        let ppm = try scratch.read("page.ppm")
        // P6 header: magic, width, height, maximum value, each followed by white space.
        var fields: [String] = []
        var index = 0
        var field = ""
        while fields.count < 4 {
            let byte = ppm[index]
            index += 1
            if [0x20, 0x0A, 0x0D, 0x09].contains(byte) {
                if !field.isEmpty { fields.append(field) }
                field = ""
            } else {
                field.append(Character(Unicode.Scalar(byte)))
            }
        }
        let width = Int(fields[1])!
        let start = index + 3 * (y * width + x)
        return ppm[start..<(start + 3)].map { Int($0) }
    }

    /// The text of `pdf`, as Poppler's `pdftotext` extracts it.
    static func text(of pdf: [UInt8]) async throws -> String {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write(pdf, to: "file.pdf")
        let result = try await pdftotext.run(["file.pdf", "file.txt"], in: scratch.url)
        #expect(result.status == 0, "\(result.output)")
        return String(decoding: try scratch.read("file.txt"), as: UTF8.self)
    }
}
