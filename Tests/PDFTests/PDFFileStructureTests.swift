import Foundation
import Testing

@testable import PDF

@Suite struct PDFFileStructureTests {
    @Test func headerDeclaresVersion17AndBinaryContent() {
        let bytes = SampleCertificate.document().serialized()
        #expect(Array(bytes.prefix(15)) == Array("%PDF-1.7\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A])
        #expect(Array(bytes.suffix(6)) == Array("%%EOF\n".utf8))
    }

    @Test func everyCrossReferenceOffsetPointsAtItsObject() throws {
        let bytes = SampleCertificate.document().serialized()
        let layout = try PDFFileLayout(bytes)
        #expect(layout.offsets.count > 10)
        #expect(layout.offsets[0] == 0)
        for (number, offset) in layout.offsets.enumerated().dropFirst() {
            #expect(PDFFileLayout.bytes(bytes, have: "\(number) 0 obj\n", at: offset), "object \(number) at \(offset)")
        }
    }

    @Test func startxrefPointsAtTheTable() throws {
        let bytes = SampleCertificate.document().serialized()
        let layout = try PDFFileLayout(bytes)
        #expect(PDFFileLayout.bytes(bytes, have: "xref\n0 ", at: layout.startxref))
        #expect(PDFFileLayout.occurrences(of: "\nxref\n", in: bytes) == [layout.startxref - 1])
    }

    @Test func trailerSizeCountsEveryObjectAndTheFreeEntry() throws {
        let bytes = SampleCertificate.document().serialized()
        let layout = try PDFFileLayout(bytes)
        let objectCount = PDFFileLayout.occurrences(of: " 0 obj\n", in: bytes).count
        #expect(layout.size == objectCount + 1)
        #expect(layout.size == layout.offsets.count)
        #expect(layout.trailer.contains("/Root 1 0 R"))
        #expect(layout.trailer.contains("/Info "))
    }

    @Test func identifierIsTwoEqualDigestsOfTheBody() throws {
        let layout = try PDFFileLayout(SampleCertificate.document().serialized())
        let identifiers = layout.trailer.split(separator: "<").dropFirst().map { $0.prefix(32) }
        #expect(identifiers.count == 2)
        #expect(identifiers[0] == identifiers[1])
        #expect(identifiers[0].allSatisfy { $0.isHexDigit })
    }

    @Test func sameDocumentGivesSameBytes() {
        let first = SampleCertificate.document().serialized()
        let second = SampleCertificate.document().serialized()
        #expect(first == second)
    }

    @Test func differentContentGivesDifferentIdentifier() throws {
        let first = try PDFFileLayout(SampleCertificate.document().serialized())
        let second = try PDFFileLayout(SampleCertificate.document(title: "Another title").serialized())
        #expect(first.trailer != second.trailer)
    }

    @Test func documentWithoutPagesGetsOneEmptyA4Page() throws {
        let bytes = PDFDocument().serialized()
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("/Type /Pages /Kids [4 0 R] /Count 1"))
        #expect(text.contains("/MediaBox [0 0 595.28 841.89]"))
        _ = try PDFFileLayout(bytes)
    }

    @Test func pagesListOnlyTheFontsTheyUse() {
        let text = String(decoding: SampleCertificate.document().serialized(), as: UTF8.self)
        #expect(text.contains("/MediaBox [0 0 300 200] /Resources << /Font << /Helvetica "))
        #expect(text.contains("/BaseFont /Courier-Bold /Encoding /WinAnsiEncoding"))
        #expect(!text.contains("/BaseFont /Courier-Oblique"))
    }

    @Test func linkIsAURIAnnotationOnItsPage() {
        var page = PDFPage()
        page.links.append(PDFLink(rect: PDFRect(x: 10, y: 20, width: 100, height: -10), uri: "https://example.com/a b/é"))
        var document = PDFDocument()
        document.pages.append(page)
        let text = String(decoding: document.serialized(), as: UTF8.self)
        #expect(text.contains("/Type /Annot /Subtype /Link /Rect [10 10 110 20] /Border [0 0 0] /F 4"))
        #expect(text.contains("/A << /Type /Action /S /URI /URI (https://example.com/a%20b/%C3%A9) >>"))
        #expect(text.contains("/Annots [4 0 R]"))
    }

    @Test func attachmentsAreEmbeddedFilesSortedByName() {
        var document = PDFDocument()
        document.attach(PDFAttachment(name: "b.txt", contents: Array("second".utf8), mimeType: "text/plain"))
        document.attach(PDFAttachment(name: "a.txt", contents: Array("first".utf8), fileDescription: "The first"))
        let text = String(decoding: document.serialized(), as: UTF8.self)

        guard let first = text.range(of: "(a.txt) "), let second = text.range(of: "(b.txt) ") else {
            Issue.record("the name tree lacks a key")
            return
        }
        #expect(first.lowerBound < second.lowerBound)
        #expect(text.contains("/Names << /EmbeddedFiles << /Names [(a.txt) "))
        #expect(text.contains("/AF ["))
        #expect(text.contains("/Type /EmbeddedFile /Subtype /text#2Fplain /Params << /Size 6 /CheckSum <"))
        #expect(text.contains("/Type /Filespec /F (a.txt) /UF (a.txt) /Desc (The first) /EF << /F "))
        #expect(text.contains("/AFRelationship /Supplement"))
    }

    @Test func attachingTheSameNameReplacesTheAttachment() {
        var document = PDFDocument()
        document.attach(PDFAttachment(name: "proof.json", contents: [1]))
        document.attach(PDFAttachment(name: "proof.json", contents: [2, 3], relationship: .source))
        #expect(document.attachments == [PDFAttachment(name: "proof.json", contents: [2, 3], relationship: .source)])
    }

    @Test func attachmentNameOutsideASCIIIsAUnicodeTextString() {
        let specification = PDFObject.dictionary(
            SampleCertificate.jsonAttachment.fileSpecification(embeddedFile: PDFReference(number: 7))
        )
        let text = specification.serializedText
        #expect(text.contains("/F (Pr_fbericht.json)"))
        #expect(text.contains(#"/UF (\376\377\000P\000r\000\374\000f"#))
        #expect(text.contains("/EF << /F 7 0 R /UF 7 0 R >>"))
    }

    @Test func informationDictionaryUsesTextStringsAndPDFDates() {
        let info = PDFDocumentInfo(title: "Plain", subject: "Zürich", creationDate: PDFDate(.init(timeIntervalSince1970: 0)))
        let text = PDFObject.dictionary(info.dictionary).serializedText
        #expect(text == #"<< /Title (Plain) /Subject (\376\377\000Z\000\374\000r\000i\000c\000h) /CreationDate (D:19700101000000Z) >>"#)
    }
}
