import Foundation
import Testing

@testable import PDF

/// Appending pages to a file by an incremental update: pages copied from another file, and
/// new pages showing an appearance stream.
@Suite struct PDFPageAppendTests {
    static let qpdf = ExternalTool("qpdf")
    static let pdftotext = ExternalTool("pdftotext")

    /// A file of `labels.count` A4 pages from the module's writer, each showing its label.
    private static func document(_ labels: [String]) -> [UInt8] {
        var document = PDFDocument(info: PDFDocumentInfo(title: "Target"))
        for label in labels {
            var page = PDFPage(size: .a4)
            page.content.drawText(label, at: PDFPoint(x: 72, y: 760), font: .helvetica, size: 14)
            document.pages.append(page)
        }
        return document.serialized()
    }

    /// `target` with all pages of `source` appended.
    private static func appendAll(of source: [UInt8], to target: [UInt8]) throws -> [UInt8] {
        let sourceFile = try PDFFile(bytes: source)
        var update = PDFIncrementalUpdate(file: try PDFFile(bytes: target))
        let copies = try update.appendPages(try sourceFile.pages(), of: sourceFile)
        #expect(copies.count == (try sourceFile.pages().count))
        return update.serialize().bytes
    }

    @Test func copiedPagesFollowTheOriginalOnesAndKeepTheirLook() throws {
        let target = Self.document(["Target one", "Target two"])
        let merged = try Self.appendAll(of: HandWrittenPDF.threePages().bytes, to: target)
        #expect(Array(merged.prefix(target.count)) == target)

        let file = try PDFFile(bytes: merged)
        let pages = try file.pages()
        #expect(pages.count == 5)
        let root = try #require(try file.resolve(file.catalog?["Pages"] ?? .null).dictionaryValue)
        #expect(root["Count"] == .integer(5))
        #expect(pages.map(\.rotation) == [0, 0, 0, 90, 270])
        #expect(pages[3].cropBox == PDFRect(x: 50, y: 60, width: 450, height: 640))
        #expect(pages[4].mediaBox == PDFRect(x: 0, y: 0, width: 595, height: 842))
        for page in pages[2...] {
            #expect(page.inheritedEntries.entries.isEmpty, "a copied page inherits \(page.inheritedEntries.keys)")
            #expect(page.dictionary["Parent"] == file.catalog?["Pages"])
        }
        let content = try #require(try file.stream(pages[2].dictionary["Contents"] ?? .null))
        #expect(String(decoding: try file.decodedData(of: content), as: UTF8.self).contains("(Hello) Tj"))
    }

    @Test func objectsSharedByPagesAreCopiedOnceAndPagesLeftBehindBecomeNull() throws {
        var source = HandWrittenPDF()
        source.add(1, "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [9 0 R] >> >>")
        source.add(2, "<< /Type /Pages /Kids [3 0 R 4 0 R 5 0 R] /Count 3 /MediaBox [0 0 300 300] >>")
        source.add(3, "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 6 0 R >> >> /Contents 7 0 R /Annots [8 0 R 9 0 R] >>")
        source.add(4, "<< /Type /Page /Parent 2 0 R /Resources << /Font << /F1 6 0 R >> >> /Contents 7 0 R >>")
        source.add(5, "<< /Type /Page /Parent 2 0 R >>")
        source.add(6, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
        source.addStream(7, "", data: Array("BT /F1 12 Tf 20 20 Td (Shared) Tj ET".utf8))
        source.add(8, "<< /Type /Annot /Subtype /Link /Rect [0 0 10 10] /P 3 0 R /Dest [4 0 R /Fit] /A << /S /GoTo /D [5 0 R /Fit] >> >>")
        source.add(9, "<< /Type /Annot /Subtype /Widget /FT /Tx /T (name) /Rect [0 0 10 10] /P 3 0 R >>")
        source.finishWithTable(trailer: "/Size 10 /Root 1 0 R")

        let sourceFile = try PDFFile(bytes: source.bytes)
        let sourcePages = try sourceFile.pages()
        let targetFile = try PDFFile(bytes: Self.document(["Target"]))
        var update = PDFIncrementalUpdate(file: targetFile)
        let copies = try update.appendPages(Array(sourcePages[0...1]), of: sourceFile)
        let file = try PDFFile(bytes: update.serialize().bytes)
        let pages = try file.pages()
        #expect(pages.map(\.reference) == [try targetFile.pages()[0].reference] + copies)

        let fonts = try pages[1...].map { page in
            try file.resolve(page.dictionary["Resources"] ?? .null).dictionaryValue?["Font"]?.dictionaryValue?["F1"]
        }
        #expect(fonts[0] != nil && fonts[0] == fonts[1], "the shared font was not copied once: \(fonts)")
        #expect(pages[1].dictionary["Contents"] == pages[2].dictionary["Contents"])

        let annotations = try #require(try file.resolve(pages[1].dictionary["Annots"] ?? .null).arrayValue)
        #expect(annotations.count == 1, "the widget was copied")
        let link = try #require(try file.resolve(annotations[0]).dictionaryValue)
        #expect(link["P"] == .reference(copies[0]))
        #expect(link["Dest"]?.arrayValue?.first == .reference(copies[1]))
        #expect(link["A"]?.dictionaryValue?["D"]?.arrayValue?.first == .null)
        #expect(try file.formFields().isEmpty)
    }

    @Test(.enabled(if: qpdf.isInstalled && pdftotext.isInstalled))
    func filesWithObjectStreamsAreCopiedIntoFilesWithTables() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let plain = try scratch.write(Self.document(["Compressed alpha", "Compressed beta"]), to: "plain.pdf")
        let compressedPath = scratch.url.appendingPathComponent("compressed.pdf").path
        let compress = try await Self.qpdf.run(["--object-streams=generate", plain, compressedPath], in: scratch.url)
        #expect(compress.status == 0, "\(compress.errors)")
        let compressed = Array(try Data(contentsOf: URL(fileURLWithPath: compressedPath)))
        #expect(try PDFFile(bytes: compressed).crossReferenceKind == .stream)

        for (name, target, source) in [
            ("into-table.pdf", Self.document(["Target page"]), compressed),
            ("into-stream.pdf", compressed, Self.document(["Target page"])),
        ] {
            let path = try scratch.write(try Self.appendAll(of: source, to: target), to: name)
            let check = try await Self.qpdf.run(["--check", path], in: scratch.url)
            #expect(check.status == 0, "\(name): \(check.output) \(check.errors)")
            #expect(check.output.contains("No syntax or stream encoding errors found"), "\(name): \(check.output)")
            let text = try await Self.pdftotext.run(["-enc", "UTF-8", path, "-"], in: scratch.url)
            for label in ["Target page", "Compressed alpha", "Compressed beta"] {
                #expect(text.output.contains(label), "\(name) lacks \(label): \(text.output)")
            }
            let pages = try PDFFile(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: path)))).pages()
            #expect(pages.count == 3)
        }
    }

    @Test(.enabled(if: qpdf.isInstalled && pdftotext.isInstalled))
    func aNewPageShowsItsAppearanceAtItsSize() async throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let target = HandWrittenPDF.threePages().bytes
        var update = PDFIncrementalUpdate(file: try PDFFile(bytes: target))
        var appearance = PDFAppearanceStream(size: PDFSize(width: 400, height: 500))
        appearance.drawText("Appended page", at: PDFPoint(x: 50, y: 400), font: .helveticaBold, size: 20)
        let reference = try update.appendPage(showing: appearance)
        let bytes = update.serialize().bytes

        let file = try PDFFile(bytes: bytes)
        let pages = try file.pages()
        #expect(pages.count == 4)
        #expect(pages[3].reference == reference)
        #expect(pages[3].visibleSize == PDFSize(width: 400, height: 500))
        #expect(pages[3].rotation == 0)
        #expect(pages[3].inheritedEntries.entries.isEmpty)

        let path = try scratch.write(bytes, to: "appended.pdf")
        let check = try await Self.qpdf.run(["--check", path], in: scratch.url)
        #expect(check.status == 0, "\(check.output) \(check.errors)")
        let text = try await Self.pdftotext.run(["-f", "4", "-l", "4", path, "-"], in: scratch.url)
        #expect(text.output.contains("Appended page"))
    }

    @Test func aRootThatIsNotAPageTreeNodeIsRefused() throws {
        var source = HandWrittenPDF()
        source.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        source.add(2, "<< /Type /Page /MediaBox [0 0 100 100] >>")
        source.finishWithTable(trailer: "/Size 3 /Root 1 0 R")
        var update = PDFIncrementalUpdate(file: try PDFFile(bytes: source.bytes))
        #expect(throws: PDFReadError.self) { _ = try update.appendPage(showing: PDFAppearanceStream(size: PDFSize(width: 10, height: 10))) }
    }
}
