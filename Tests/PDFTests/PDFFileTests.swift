import ChanceryTestSupport
import Foundation
import Testing

@testable import PDF

@Suite struct PDFFileTests {
    @Test func readsPagesWithInheritedAttributes() throws {
        let file = try PDFFile(bytes: HandWrittenPDF.threePages().bytes)
        let pages = try file.pages()
        #expect(pages.count == 3)
        #expect(pages[0].mediaBox == PDFRect(x: 0, y: 0, width: 612, height: 792))
        #expect(pages[0].cropBox == pages[0].mediaBox)
        #expect(pages[0].rotation == 0)
        #expect(pages[1].rotation == 90)
        #expect(pages[1].cropBox == PDFRect(x: 50, y: 60, width: 450, height: 640))
        #expect(pages[1].visibleSize == PDFSize(width: 640, height: 450))
        #expect(pages[2].mediaBox == PDFRect(x: 0, y: 0, width: 595, height: 842))
        #expect(pages[2].rotation == 270)
        #expect(pages[2].inheritedEntries.keys.sorted() == ["MediaBox", "Rotate"])
        #expect(pages[2].completeDictionary["Rotate"] == .integer(-90))
        #expect(file.crossReferenceKind == .table)
        #expect(!file.isRecovered)
    }

    @Test func decodesTheDocumentInformation() throws {
        let file = try PDFFile(bytes: HandWrittenPDF.threePages().bytes)
        #expect(file.documentInfo() == ["Title": "Three pages", "Producer": "ß"])
    }

    @Test func followsPrevChainsNewestFirst() throws {
        var file = HandWrittenPDF.threePages()
        let first = file.offsets
        let previous = try PDFFile(bytes: file.bytes).crossReferenceOffset
        file.add(3, "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 400] >>")
        file.finishWithTable(trailer: "/Size 9 /Root 1 0 R /Prev \(previous)", numbers: [3])
        #expect(file.offsets[3] != first[3])

        let reader = try PDFFile(bytes: file.bytes)
        #expect(try reader.pages()[0].mediaBox == PDFRect(x: 0, y: 0, width: 300, height: 400))
        #expect(reader.documentInfo()["Title"] == "Three pages")
        #expect(reader.crossReferenceOffset > previous)
    }

    @Test func rebuildsBrokenOffsetsByScanning() throws {
        var bytes = HandWrittenPDF.threePages().bytes
        let firstObject = try #require(PDFParser.firstIndex(of: Array("1 0 obj".utf8), in: bytes, from: 0))
        bytes.insert(contentsOf: Array("% a comment that shifts every object\n".utf8), at: firstObject)
        let file = try PDFFile(bytes: bytes)
        #expect(file.isRecovered)
        #expect(try file.pages().count == 3)
        #expect(file.documentInfo()["Title"] == "Three pages")
    }

    @Test func readsFilesWithoutCrossReferenceData() throws {
        var bytes = HandWrittenPDF.threePages().bytes
        let xref = try #require(PDFParser.lastIndex(of: Array("xref".utf8), in: bytes, before: bytes.count))
        bytes.removeSubrange(xref...)
        bytes += Array("trailer\n<< /Root 1 0 R >>\n".utf8)
        let file = try PDFFile(bytes: bytes)
        #expect(file.isRecovered)
        #expect(try file.pages().count == 3)
    }

    @Test func refusesEncryptedFiles() {
        var file = HandWrittenPDF.threePages()
        file.add(9, "<< /Filter /Standard /V 2 /R 3 /O <00> /U <00> /P -4 >>")
        file.finishWithTable(trailer: "/Size 10 /Root 1 0 R /Encrypt 9 0 R")
        #expect(throws: PDFReadError.encrypted) { try PDFFile(bytes: file.bytes) }
    }

    @Test func refusesWhatIsNotAPDF() {
        #expect(throws: PDFReadError.self) { try PDFFile(bytes: Array("hello".utf8)) }
        #expect(throws: PDFReadError.self) { try PDFFile(bytes: Array("%PDF-1.4\nnothing here\n".utf8)) }
    }

    @Test func pageTreeCyclesEndTheWalk() throws {
        var file = HandWrittenPDF()
        file.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        file.add(2, "<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 2 >>")
        file.add(3, "<< /Type /Pages /Kids [2 0 R 4 0 R] /Count 1 >>")
        file.add(4, "<< /Type /Page /Parent 3 0 R >>")
        file.finishWithTable(trailer: "/Size 5 /Root 1 0 R")
        #expect(try PDFFile(bytes: file.bytes).pages().map(\.reference.number) == [4])
    }

    @Test func readsCrossReferenceStreamsAndObjectStreams() throws {
        var file = HandWrittenPDF()
        let members = [
            "<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] >>",
        ]
        var header = ""
        var offset = 0
        for (index, member) in members.enumerated() {
            header += "\(index + 1) \(offset) "
            offset += member.utf8.count + 1
        }
        let objectStream = Array((header + members.joined(separator: " ")).utf8)
        file.addStream(4, "/Type /ObjStm /N 3 /First \(header.utf8.count) /Filter /FlateDecode", data: PDFFlate.compress(objectStream))
        let xrefOffset = file.bytes.count
        let rows: [(number: Int, entry: PDFCrossReferenceEntry)] = [
            (0, .free), (1, .inObjectStream(stream: 4, index: 0)), (2, .inObjectStream(stream: 4, index: 1)),
            (3, .inObjectStream(stream: 4, index: 2)), (4, .inFile(offset: file.offsets[4]!, generation: 0)),
            (5, .inFile(offset: xrefOffset, generation: 0)),
        ]
        let stream = PDFCrossReferenceStreamBuilder.stream(rows: rows, trailer: ["Size": .integer(6), "Root": .reference(PDFReference(number: 1))])
        PDFIndirectObjectSerializer.write(.stream(stream), as: PDFReference(number: 5), to: &file.bytes)
        file.bytes += Array("startxref\n\(xrefOffset)\n%%EOF\n".utf8)

        let reader = try PDFFile(bytes: file.bytes)
        #expect(reader.crossReferenceKind == .stream)
        #expect(!reader.isRecovered)
        #expect(try reader.pages().map(\.mediaBox) == [PDFRect(x: 0, y: 0, width: 200, height: 100)])
    }

    @Test func hybridFilesReadTheirCrossReferenceStream() throws {
        var file = HandWrittenPDF()
        file.add(1, "<< /Type /Catalog /Pages 2 0 R >>")
        file.add(2, "<< /Type /Pages /Kids [3 0 R] /Count 1 >>")
        let members = "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 321 123] >>"
        file.addStream(4, "/Type /ObjStm /N 1 /First 4", data: Array("3 0 \(members)".utf8))
        let xrefStreamOffset = file.bytes.count
        let stream = PDFCrossReferenceStreamBuilder.stream(
            rows: [(3, .inObjectStream(stream: 4, index: 0))], trailer: ["Size": .integer(6)]
        )
        PDFIndirectObjectSerializer.write(.stream(stream), as: PDFReference(number: 5), to: &file.bytes)
        file.finishWithTable(trailer: "/Size 6 /Root 1 0 R /XRefStm \(xrefStreamOffset)", numbers: [1, 2, 4])

        let reader = try PDFFile(bytes: file.bytes)
        #expect(reader.crossReferenceKind == .table)
        #expect(try reader.pages().map(\.mediaBox) == [PDFRect(x: 0, y: 0, width: 321, height: 123)])
    }

    @Test func readsWhatQPDFWritesWithObjectStreamsAndPredictors() async throws {
        let qpdf = ExternalTool("qpdf")
        guard qpdf.isInstalled else { return }
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let input = try scratch.write(HandWrittenPDF.threePages().bytes, to: "in.pdf")
        let output = scratch.url.appendingPathComponent("out.pdf").path
        let result = try await qpdf.run(["--object-streams=generate", input, output], in: scratch.url)
        #expect(result.status == 0)
        let file = try PDFFile(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: output))))
        #expect(file.crossReferenceKind == .stream)
        #expect(try file.pages().map(\.rotation) == [0, 90, 270])
        #expect(file.documentInfo()["Title"] == "Three pages")

        let linearized = scratch.url.appendingPathComponent("linear.pdf").path
        #expect(try await qpdf.run(["--linearize", input, linearized], in: scratch.url).status == 0)
        let linearFile = try PDFFile(bytes: Array(try Data(contentsOf: URL(fileURLWithPath: linearized))))
        #expect(try linearFile.pages().count == 3)
    }

    @Test func mutatedFilesGiveAFileOrAnErrorNeverACrash() {
        let original = HandWrittenPDF.threePages().bytes
        var generator = SeededGenerator.logged()
        for _ in 0..<1500 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...8, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = UInt8.random(in: 0...255, using: &generator)
                case 1: bytes.remove(at: index)
                default: bytes.insert(contentsOf: Array("[<<(".utf8).shuffled(using: &generator), at: index)
                }
            }
            if let file = try? PDFFile(bytes: bytes) {
                _ = try? file.pages()
                _ = file.documentInfo()
            }
        }
    }

    @Test func hugeObjectNumbersAndSizesNeitherOverflowNorCount() throws {
        var file = HandWrittenPDF.threePages()
        let previous = try PDFFile(bytes: file.bytes).crossReferenceOffset
        let huge = file.bytes.count
        file.bytes += Array("9223372036854775806 0 obj\nnull\nendobj\n".utf8)
        let start = file.bytes.count
        file.bytes += Array("xref\n9223372036854775806 1\n\(String(format: "%010d", huge)) 00000 n\r\n".utf8)
        file.bytes += Array("trailer\n<< /Size 9223372036854775807 /Root 1 0 R /Prev \(previous) >>\nstartxref\n\(start)\n%%EOF\n".utf8)
        let reader = try PDFFile(bytes: file.bytes)
        #expect(!reader.isRecovered)
        #expect(reader.nextObjectNumber == 9)
        var update = PDFIncrementalUpdate(file: reader)
        let added = update.add(.null)
        let reread = try PDFFile(bytes: update.serialize().bytes)
        #expect(try reread.pages().count == 3)
        #expect(reread.generation(of: added.number) == 0)
    }

    @Test func streamsShareOneDecodingBudget() throws {
        var file = HandWrittenPDF.threePages()
        let zeros = PDFFlate.compress([UInt8](repeating: 0, count: 1 << 20))
        file.addStream(9, "/Filter /FlateDecode", data: zeros)
        file.addStream(10, "/Filter /FlateDecode", data: zeros)
        file.finishWithTable(trailer: "/Size 11 /Root 1 0 R")
        var limits = PDFReadLimits.standard
        limits.maximumTotalDecodedSize = 3 << 19
        let reader = try PDFFile(bytes: file.bytes, limits: limits)
        let first = try #require(try reader.object(PDFReference(number: 9)).stream)
        let second = try #require(try reader.object(PDFReference(number: 10)).stream)
        #expect(try reader.decodedData(of: first).count == 1 << 20)
        #expect(throws: PDFReadError.limitExceeded("the file's streams decode to more than \(3 << 19) bytes in all")) {
            try reader.decodedData(of: second)
        }
    }
}
