import Conversion
import Crypto
import Foundation
import PDF
import Testing

@testable import Signing

/// Checks conversions by the real LibreOffice: office documents, HTML (without fetching what
/// it links to), TIFF and WebP pictures, and the time limit. Skipped where LibreOffice is
/// not installed (`scripts/test` installs `libreoffice-writer-nogui`).
@Suite(.serialized, .enabled(if: IntakeSamples.soffice.isInstalled, "LibreOffice (/usr/bin/soffice) is not installed"))
struct OfficeConversionTests {
    static let intake = DocumentIntake(policy: IntakePolicy(allowPrivateNetworks: true, officeConverter: IntakeSamples.soffice.path))
    static let pdfimages = ExternalProgram("pdfimages")

    /// `text` saved by LibreOffice as a `format` (`docx`, `odt`) document.
    static func document(_ text: String, format: String) async throws -> [UInt8] {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write(Array(text.utf8), to: "text.txt")
        let profile = scratch.url.appendingPathComponent("profile").absoluteString
        let result = try await IntakeSamples.soffice.run(
            ["-env:UserInstallation=\(profile)", "--headless", "--norestore", "--convert-to", format, "--outdir", scratch.url.path, "text.txt"],
            in: scratch.url
        )
        #expect(result.status == 0, "\(result.output)")
        return try scratch.read("text.\(format)")
    }

    /// The file as base64.
    static func base64(_ bytes: [UInt8]) -> FileSource {
        .base64(Data(bytes).base64EncodedString())
    }

    /// How many images `pdfimages -list` finds in `pdf`.
    static func imageCount(in pdf: [UInt8]) async throws -> Int {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write(pdf, to: "file.pdf")
        let result = try await pdfimages.run(["-list", "file.pdf"], in: scratch.url)
        #expect(result.status == 0, "\(result.output)")
        return result.output.split(separator: "\n").count - 2
    }

    @Test(arguments: ["docx", "odt"])
    func anOfficeDocumentIsConvertedWithItsText(format: String) async throws {
        let original = try await Self.document("Mutual non-disclosure agreement\nBetween Alice and Bob\n", format: format)
        let file = try await Self.intake.pdf(name: "nda.\(format)", from: Self.base64(original))
        #expect(file.pageCount == 1)
        #expect(file.originalSHA256 == SHA256.hash(data: original).map { String(format: "%02x", $0) }.joined())
        let text = try await IntakeSamples.text(of: file.pdf)
        #expect(text.contains("Mutual non-disclosure agreement"), "\(text)")
        #expect(text.contains("Between Alice and Bob"), "\(text)")
    }

    @Test(.enabled(if: IntakeSamples.pdftoppm.isInstalled))
    func tiffAndWebPPicturesBecomePagesOfTheirSize() async throws {
        let tiff = try await IntakeSamples.redPicture(format: "tiff", width: 40, height: 30)
        let tiffFile = try await Self.intake.pdf(name: "scan.tif", from: Self.base64(tiff))
        #expect(tiffFile.pageCount == 1)
        let tiffPage = try #require(try PDFFile(bytes: tiffFile.pdf).pages().first)
        #expect(abs(tiffPage.mediaBox.width - 30) < 0.1 && abs(tiffPage.mediaBox.height - 22.5) < 0.1, "\(tiffPage.mediaBox)")
        let center = try await IntakeSamples.renderedColor(of: tiffFile.pdf, x: 15, y: 11)
        #expect(center[0] > 200 && center[1] < 60 && center[2] < 60, "\(center)")

        let webpFile = try await Self.intake.pdf(name: "pixel.webp", from: Self.base64(IntakeSamples.webp))
        let webpPage = try #require(try PDFFile(bytes: webpFile.pdf).pages().first)
        #expect(abs(webpPage.mediaBox.width - 3) < 0.1 && abs(webpPage.mediaBox.height - 3) < 0.1, "\(webpPage.mediaBox)")
        #expect(try await Self.imageCount(in: webpFile.pdf) >= 1)
    }

    @Test(.enabled(if: pdfimages.isInstalled))
    func htmlIsConvertedWithoutLoadingWhatItLinksTo() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let localPicture = try scratch.write(LoopbackFileServer.redPNG, to: "local.png")
        try await LoopbackFileServer.with { port, log in
            let html = """
                <!DOCTYPE html><html><body><p>Hello from HTML</p>
                <img src="http://127.0.0.1:\(port)/picture.png" width="50" height="50">
                <img src="\(localPicture.absoluteString)" width="50" height="50">
                </body></html>
                """
            let file = try await Self.intake.pdf(name: "page.html", from: Self.base64(Array(html.utf8)))
            #expect(try await IntakeSamples.text(of: file.pdf).contains("Hello from HTML"))
            #expect(log.requested.isEmpty, "LibreOffice fetched \(log.requested)")
            #expect(try await Self.imageCount(in: file.pdf) == 0, "a linked picture was embedded")
        }
    }

    @Test func aDocumentLibreOfficeCannotReadIsRefused() async throws {
        let garbage = [0x50, 0x4B, 0x03, 0x04] + Array("word/document.xml".utf8) + (0..<2000).map { UInt8($0 * 7 & 0xFF) }
        let error = try await #require(throws: IntakeError.self) {
            _ = try await Self.intake.pdf(name: "broken.docx", from: Self.base64(garbage))
        }
        #expect(error.reason == .conversionFailed, "\(error)")
        #expect(error.message.hasPrefix("LibreOffice could not convert the file to PDF ("), "\(error)")
        #expect(error.message.hasSuffix("upload a PDF"), "\(error)")
    }

    @Test func aConversionOverItsTimeIsKilledAndCleanedUp() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let original = try await Self.document("Slow enough\n", format: "docx")
        let converter = OfficeConverter(
            ConversionProgram(executable: IntakeSamples.soffice.path, timeLimit: .milliseconds(300), scratchRoot: scratch.url))
        let failure = try await #require(throws: ConversionError.self) {
            _ = try await converter.pdf(from: original, fileExtension: "docx")
        }
        #expect(failure.reason == .timedOut)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).isEmpty)
        // The conversion returns once everything LibreOffice started has ended.
        #expect(Self.processes(mentioning: scratch.url.path).isEmpty)
    }

    /// The identifiers of running processes whose command line contains `text`.
    static func processes(mentioning text: String) -> [String] {
        let identifiers = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return identifiers.filter { identifier in
            guard identifier.allSatisfy(\.isNumber), let commandLine = FileManager.default.contents(atPath: "/proc/\(identifier)/cmdline") else {
                return false
            }
            return String(decoding: commandLine, as: UTF8.self).contains(text)
        }
    }
}
