import Conversion
import Crypto
import Foundation
import PDF
import Testing

@testable import Signing

/// Checks files sent as base64: PDFs taken as they are, pictures wrapped into pages, and the
/// files that are refused.
@Suite struct DocumentIntakeTests {
    /// An intake without LibreOffice.
    static let intake = DocumentIntake(policy: IntakePolicy(officeConverter: nil))

    /// The error the intake throws for `bytes` named `name`.
    static func error(_ bytes: [UInt8], name: String, intake: DocumentIntake = intake) async throws -> IntakeError {
        try await #require(throws: IntakeError.self) {
            _ = try await intake.pdf(name: name, from: .base64(Data(bytes).base64EncodedString()))
        }
    }

    /// The media box of page 1 of `pdf`.
    static func firstPageSize(of pdf: [UInt8]) throws -> PDFSize {
        let page = try #require(try PDFFile(bytes: pdf).pages().first)
        return PDFSize(width: page.mediaBox.width, height: page.mediaBox.height)
    }

    @Test func aPDFIsTakenAsItIs() async throws {
        let pdf = IntakeSamples.pdf(pages: 3)
        let file = try await Self.intake.pdf(name: "nda.pdf", from: .base64("data:application/pdf;base64," + Data(pdf).base64EncodedString()))
        #expect(file.pdf == pdf)
        #expect(file.pageCount == 3)
        #expect(file.name == "nda.pdf")
        #expect(file.originalSHA256 == SHA256.hash(data: pdf).map { String(format: "%02x", $0) }.joined())
    }

    @Test(.enabled(if: IntakeSamples.qpdf.isInstalled))
    func anEncryptedPDFIsRefused() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        try scratch.write(IntakeSamples.pdf(), to: "plain.pdf")
        for (name, user) in [("locked.pdf", "u"), ("owner-only.pdf", "")] {
            let result = try await IntakeSamples.qpdf.run(["--encrypt", user, "owner", "256", "--", "plain.pdf", name], in: scratch.url)
            #expect(result.status == 0, "\(result.output)")
            let error = try await Self.error(try scratch.read(name), name: name)
            #expect(error.reason == .encryptedPDF)
            #expect(
                error.description
                    == "\(name): the PDF is encrypted or password-protected; upload it without encryption (for example after qpdf --decrypt)")
        }
    }

    @Test func damagedAndEmptyFilesAreRefused() async throws {
        let noCatalog = try await Self.error(Array("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n".utf8), name: "broken.pdf")
        #expect(noCatalog.reason == .unreadableFile)
        #expect(noCatalog.message.hasPrefix("the PDF cannot be read: "))

        let empty = try await #require(throws: IntakeError.self) { _ = try await Self.intake.pdf(name: "e.pdf", from: .base64("")) }
        #expect(empty.reason == .emptyFile)
        #expect(empty.description == "e.pdf: the file is empty")

        let badBase64 = try await #require(throws: IntakeError.self) { _ = try await Self.intake.pdf(name: "b.pdf", from: .base64("JVBER*i0=")) }
        #expect(badBase64.reason == .invalidBase64)
        #expect(badBase64.description == "b.pdf: file_base64 is not base64: unexpected character '*' at character 6")

        let unknown = try await Self.error(Array("plain words".utf8), name: "notes.txt")
        #expect(unknown.reason == .unsupportedType)
        #expect(unknown.message.contains("accepted types are pdf, doc, docx"))

        let tooLarge = try await Self.error(IntakeSamples.pdf(), name: "big.pdf", intake: DocumentIntake(policy: IntakePolicy(maximumFileSize: 100)))
        #expect(tooLarge.reason == .fileTooLarge)

        let badPNG = try await Self.error([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0], name: "bad.png")
        #expect(badPNG.reason == .unreadableFile)
        #expect(badPNG.message.hasPrefix("the image cannot be read"))
    }

    @Test(.enabled(if: IntakeSamples.pdftoppm.isInstalled), arguments: ["png", "jpeg"])
    func aPictureBecomesOnePageOfItsSizeAt96DPI(format: String) async throws {
        let picture = try await IntakeSamples.redPicture(format: format, width: 80, height: 40)
        let file = try await Self.intake.pdf(name: "photo.\(format)", from: .base64(Data(picture).base64EncodedString()))
        #expect(file.pageCount == 1)
        #expect(file.originalSHA256 == SHA256.hash(data: picture).map { String(format: "%02x", $0) }.joined())
        #expect(try Self.firstPageSize(of: file.pdf) == PDFSize(width: 60, height: 30))

        let pdfFile = try PDFFile(bytes: file.pdf)
        #expect(pdfFile.documentInfo()["Title"] == "photo.\(format)")

        let center = try await IntakeSamples.renderedColor(of: file.pdf, x: 30, y: 15)
        #expect(center[0] > 200 && center[1] < 60 && center[2] < 60, "\(center)")
    }

    @Test func aVastPNGIsRefusedBeforeItIsDecoded() async throws {
        var png = LoopbackFileServer.redPNG
        png.replaceSubrange(16..<24, with: [0, 0, 0x27, 0x10, 0, 0, 0x27, 0x10])
        let error = try await Self.error(png, name: "vast.png")
        #expect(error.reason == .fileTooLarge)
        #expect(error.message == "the picture has 10000 × 10000 pixels, more than the 50 megapixels this server converts")

        let small = try await Self.intake.pdf(name: "red.png", from: .base64(Data(LoopbackFileServer.redPNG).base64EncodedString()))
        #expect(try Self.firstPageSize(of: small.pdf) == PDFSize(width: 3, height: 3))
    }

    @Test func pageSizesFollowThePictureWithinPDFLimits() {
        #expect(ImagePage.size(width: 800, height: 600) == PDFSize(width: 600, height: 450))
        #expect(ImagePage.size(width: 40_000, height: 10_000) == PDFSize(width: 14_400, height: 3_600))
        #expect(ImagePage.size(width: 10_000, height: 40_000) == PDFSize(width: 3_600, height: 14_400))
        #expect(ImagePage.size(width: 1, height: 1) == PDFSize(width: 3, height: 3))
        #expect(ImagePage.size(width: 100_000, height: 1) == PDFSize(width: 14_400, height: 3))
    }

    @Test func officeFilesWithoutLibreOfficeAreRefusedWithAReason() async throws {
        let docx = try await Self.error([0x50, 0x4B, 0x03, 0x04] + Array("word/document.xml".utf8), name: "contract.docx")
        #expect(docx.reason == .converterUnavailable)
        #expect(docx.description == "contract.docx: office documents need LibreOffice on the server, which is not installed; upload a PDF")

        let html = try await Self.error(Array("<!doctype html><p>x</p>".utf8), name: "page.html")
        #expect(html.message == "HTML files need LibreOffice on the server, which is not installed; upload a PDF")

        let webp = try await Self.error(IntakeSamples.webp, name: "image.webp")
        #expect(webp.message == "TIFF and WebP images need LibreOffice on the server, which is not installed; upload a PDF")
    }

    @Test func theOfficeConverterIsFoundOnThePath() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        #expect(IntakePolicy.installedOfficeConverter(searchPath: scratch.url.path) == (IntakeSamples.soffice.isInstalled ? "/usr/bin/soffice" : nil))
        let fake = try scratch.write(Array("#!/bin/sh\n".utf8), to: "soffice")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        #expect(IntakePolicy.installedOfficeConverter(searchPath: "/nonexistent:\(scratch.url.path)") == fake.path)
    }
}
