import Foundation
import Testing

@testable import PDF

@Suite struct PDFIncrementalUpdateTests {
    /// `original` with page 1's media box replaced and a new object added.
    private func update(_ original: [UInt8]) throws -> (output: PDFIncrementalUpdateOutput, added: PDFReference) {
        let file = try PDFFile(bytes: original)
        var update = PDFIncrementalUpdate(file: file)
        let page = try file.pages()[0]
        var dictionary = page.dictionary
        dictionary["MediaBox"] = .array([.integer(0), .integer(0), .integer(100), .integer(200)])
        update.replace(page.reference, with: .dictionary(dictionary))
        let added = update.add(.dictionary(["Marker": .string(Array("added".utf8))]))
        return (update.serialize(), added)
    }

    @Test func appendsOnlyWhatChangedAfterTheOriginalBytes() throws {
        let original = HandWrittenPDF.threePages().bytes
        let (output, added) = try update(original)
        #expect(Array(output.bytes.prefix(original.count)) == original)
        #expect(output.objectOffsets.keys.sorted() == [3, added.number])
        #expect(added.number == 9)

        let reread = try PDFFile(bytes: output.bytes)
        #expect(try reread.pages()[0].mediaBox == PDFRect(x: 0, y: 0, width: 100, height: 200))
        #expect(try reread.pages()[1].rotation == 90)
        #expect(try reread.object(added).object.dictionaryValue?["Marker"]?.stringBytes == Array("added".utf8))
        #expect(reread.trailer["Prev"]?.integerValue == (try PDFFile(bytes: original)).crossReferenceOffset)
        #expect(reread.trailer["Size"] == .integer(10))
        #expect(reread.trailer["Info"] != nil)
        #expect(reread.crossReferenceKind == .table)
        #expect(!reread.isRecovered)
    }

    @Test func offsetsInTheNewSectionAreExact() throws {
        let (output, _) = try update(HandWrittenPDF.threePages().bytes)
        for (number, offset) in output.objectOffsets {
            #expect(output.bytes[offset..<offset + "\(number) 0 obj".utf8.count].elementsEqual("\(number) 0 obj".utf8))
        }
    }

    @Test func keepsTheFirstIdentifierAndMakesANewSecondOne() throws {
        var base = HandWrittenPDF.threePages()
        let previous = try PDFFile(bytes: base.bytes).crossReferenceOffset
        base.finishWithTable(trailer: "/Size 9 /Root 1 0 R /Prev \(previous) /ID [<0102> <0102>]", numbers: [])
        let reread = try PDFFile(bytes: try update(base.bytes).output.bytes)
        let identifiers = try #require(reread.trailer["ID"]?.arrayValue)
        #expect(identifiers.first?.stringBytes == [1, 2])
        #expect(identifiers.last?.stringBytes != [1, 2])
    }

    @Test func writesACrossReferenceStreamAfterOne() async throws {
        let qpdf = ExternalTool("qpdf")
        guard qpdf.isInstalled else { return }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let input = try scratch.write(HandWrittenPDF.threePages().bytes, to: "in.pdf")
        let compressed = scratch.url.appendingPathComponent("compressed.pdf").path
        #expect(try await qpdf.run(["--object-streams=generate", input, compressed], in: scratch.url).status == 0)
        let original = Array(try Data(contentsOf: URL(fileURLWithPath: compressed)))

        let (output, _) = try update(original)
        let reread = try PDFFile(bytes: output.bytes)
        #expect(reread.crossReferenceKind == .stream)
        #expect(try reread.pages()[0].mediaBox.width == 100)
        let updated = try scratch.write(output.bytes, to: "updated.pdf")
        let check = try await qpdf.run(["--check", updated], in: scratch.url)
        #expect(check.status == 0, "\(check.output) \(check.errors)")
    }

    @Test func qpdfFindsTheUpdatedTableFileClean() async throws {
        let qpdf = ExternalTool("qpdf")
        guard qpdf.isInstalled else { return }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let updated = try scratch.write(try update(HandWrittenPDF.threePages().bytes).output.bytes, to: "updated.pdf")
        let check = try await qpdf.run(["--check", updated], in: scratch.url)
        #expect(check.status == 0, "\(check.output) \(check.errors)")
        #expect(check.output.contains("No syntax or stream encoding errors found"))
    }

    @Test func repairedFilesGetACompleteSectionWithoutPrev() throws {
        var bytes = HandWrittenPDF.threePages().bytes
        let firstObject = try #require(PDFParser.firstIndex(of: Array("1 0 obj".utf8), in: bytes, from: 0))
        bytes.insert(contentsOf: Array("% shifted\n".utf8), at: firstObject)
        let (output, _) = try update(bytes)
        let reread = try PDFFile(bytes: output.bytes)
        #expect(!reread.isRecovered)
        #expect(reread.trailer["Prev"] == nil)
        #expect(try reread.pages().count == 3)
        #expect(reread.documentInfo()["Title"] == "Three pages")
    }
}
