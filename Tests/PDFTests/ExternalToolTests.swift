import Foundation
import PDF
import Testing

/// Checks the writer's output with independent PDF implementations: qpdf, and Poppler's
/// command-line tools. Each test runs only where its tool is installed.
@Suite struct ExternalToolTests {
    static let qpdf = ExternalTool("qpdf")
    static let pdftotext = ExternalTool("pdftotext")
    static let pdfdetach = ExternalTool("pdfdetach")
    static let pdfinfo = ExternalTool("pdfinfo")
    static let pdftoppm = ExternalTool("pdftoppm")

    @Test(.enabled(if: qpdf.isInstalled))
    func qpdfFindsNoErrorsOrWarnings() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        for (name, document) in [("certificate.pdf", SampleCertificate.document()), ("empty.pdf", PDFDocument())] {
            let file = try scratch.write(document.serialized(), to: name)
            let result = try await Self.qpdf.run(["--check", file], in: scratch.url)
            #expect(result.status == 0, "\(name): \(result.output) \(result.errors)")
            #expect(!result.output.uppercased().contains("WARNING"), "\(name): \(result.output)")
            #expect(!result.errors.uppercased().contains("WARNING"), "\(name): \(result.errors)")
            #expect(result.output.contains("No syntax or stream encoding errors found"))
        }
    }

    @Test(.enabled(if: pdftotext.isInstalled))
    func pdftotextExtractsTheDrawnText() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write(SampleCertificate.document().serialized(), to: "certificate.pdf")
        let result = try await Self.pdftotext.run(["-layout", "-enc", "UTF-8", file, "-"], in: scratch.url)
        #expect(result.status == 0, "\(result.errors)")
        for expected in [
            SampleCertificate.title, SampleCertificate.accentedLine, SampleCertificate.hash,
            SampleCertificate.uri, #"Issued (for testing) \ by Chancery"#, "Second page",
        ] {
            #expect(result.output.contains(expected), "missing \(expected) in \(result.output)")
        }
    }

    @Test(.enabled(if: pdfdetach.isInstalled))
    func pdfdetachListsAndExtractsTheAttachmentsUnchanged() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write(SampleCertificate.document().serialized(), to: "certificate.pdf")

        let list = try await Self.pdfdetach.run(["-list", "-enc", "UTF-8", file], in: scratch.url)
        #expect(list.status == 0, "\(list.errors)")
        #expect(list.output.contains("2 embedded files"), "\(list.output)")
        #expect(list.output.contains("1: all-bytes.bin"), "\(list.output)")
        #expect(list.output.contains("2: Prüfbericht.json"), "\(list.output)")

        let extracted = scratch.url.appendingPathComponent("extracted")
        try FileManager.default.createDirectory(at: extracted, withIntermediateDirectories: true)
        let save = try await Self.pdfdetach.run(["-saveall", "-enc", "UTF-8", "-o", extracted.path, file], in: scratch.url)
        #expect(save.status == 0, "\(save.errors)")
        for attachment in [SampleCertificate.binaryAttachment, SampleCertificate.jsonAttachment] {
            let contents = try Data(contentsOf: extracted.appendingPathComponent(attachment.name))
            #expect([UInt8](contents) == attachment.contents, "\(attachment.name)")
        }
    }

    @Test(.enabled(if: pdfinfo.isInstalled))
    func pdfinfoShowsTheMetadataAndPageSize() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write(SampleCertificate.document().serialized(), to: "certificate.pdf")
        let result = try await Self.pdfinfo.run(["-isodates", "-enc", "UTF-8", file], in: scratch.url)
        #expect(result.status == 0, "\(result.errors)")
        let lines = result.output.split(separator: "\n").map { String($0) }
        #expect(lines.contains("Title:           \(SampleCertificate.title)"), "\(result.output)")
        #expect(lines.contains("Subject:         Notarized file – test"), "\(result.output)")
        #expect(lines.contains("Author:          Chancery"), "\(result.output)")
        #expect(lines.contains("Pages:           2"), "\(result.output)")
        #expect(lines.contains("Page size:       595.28 x 841.89 pts (A4)"), "\(result.output)")
        #expect(lines.contains("PDF version:     1.7"), "\(result.output)")
        #expect(lines.contains("CreationDate:    2025-03-14T09:26:53Z"), "\(result.output)")
    }

    @Test(.enabled(if: pdfinfo.isInstalled))
    func pdfinfoFindsTheLink() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write(SampleCertificate.document().serialized(), to: "certificate.pdf")
        let result = try await Self.pdfinfo.run(["-url", file], in: scratch.url)
        #expect(result.status == 0, "\(result.errors)")
        let links = result.output.split(separator: "\n").dropFirst().map { $0.split(separator: " ").map(String.init) }
        #expect(links == [["1", "Annotation", SampleCertificate.uri]], "\(result.output)")
    }

    @Test(.enabled(if: pdftoppm.isInstalled))
    func pdftoppmRendersEveryPageWithoutComplaint() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let file = try scratch.write(SampleCertificate.document().serialized(), to: "certificate.pdf")
        let prefix = scratch.url.appendingPathComponent("page").path
        let result = try await Self.pdftoppm.run(["-r", "36", "-png", file, prefix], in: scratch.url)
        #expect(result.status == 0)
        // A machine without substitutes for the standard fonts complains about those; any
        // other message is a fault in the file.
        let complaints = result.errors.split(separator: "\n").filter { !$0.lowercased().contains("font") }
        #expect(complaints.isEmpty, "\(result.errors)")
        for page in ["page-1.png", "page-2.png"] {
            let image = try Data(contentsOf: scratch.url.appendingPathComponent(page))
            #expect(Array(image.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A], "\(page)")
        }
    }
}
