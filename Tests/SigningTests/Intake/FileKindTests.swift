import Testing

@testable import Signing

/// Checks how the type of an input file is told: by content first, then by name.
@Suite struct FileKindTests {
    static let zipHeader: [UInt8] = [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00]
    static let compoundFileHeader: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]

    /// `text` as UTF-16LE, as OLE2 directories store stream names.
    static func utf16(_ text: String) -> [UInt8] {
        text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
    }

    @Test func contentDecidesOverTheName() throws {
        let cases: [(bytes: [UInt8], name: String, kind: FileKind)] = [
            (Array("%PDF-1.7\n".utf8), "scan.png", .pdf),
            (Array(repeating: 0x20, count: 1000) + Array("%PDF-1.4".utf8), "x", .pdf),
            ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0], "photo.pdf", .png),
            ([0xFF, 0xD8, 0xFF, 0xE0], "photo", .jpeg),
            (Array("II*\0".utf8) + [8, 0, 0, 0], "scan.pdf", .tiff),
            (Array("MM\0*".utf8) + [0, 0, 0, 8], "scan", .tiff),
            (Array("RIFF\u{10}\0\0\0WEBPVP8L".utf8), "image.png", .webp),
            (Self.zipHeader + Array("word/document.xml".utf8), "contract", .office(extension: "docx")),
            (Self.zipHeader + Array("xl/workbook.xml".utf8), "sheet.bin", .office(extension: "xlsx")),
            (Self.zipHeader + Array("ppt/presentation.xml".utf8), "deck", .office(extension: "pptx")),
            (Self.zipHeader + Array("mimetypeapplication/vnd.oasis.opendocument.text".utf8), "letter", .office(extension: "odt")),
            (Self.zipHeader + Array("anything".utf8), "Quarterly.NUMBERS", .office(extension: "numbers")),
            (Self.zipHeader + Array("anything".utf8), "talk.key", .office(extension: "key")),
            (Self.zipHeader + Array("anything".utf8), "essay.pages", .office(extension: "pages")),
            (Self.compoundFileHeader + Self.utf16("Workbook"), "legacy", .office(extension: "xls")),
            (Self.compoundFileHeader + Self.utf16("PowerPoint Document"), "legacy", .office(extension: "ppt")),
            (Self.compoundFileHeader + Self.utf16("WordDocument"), "legacy", .office(extension: "doc")),
            (Self.compoundFileHeader, "sheet.xls", .office(extension: "xls")),
            (Self.compoundFileHeader, "unknown", .office(extension: "doc")),
            (Array("\u{FEFF}\n  <!DOCTYPE html><html></html>".utf8), "page.txt", .html),
            (Array("<HTML><body>x</body></HTML>".utf8), "page", .html),
            (Array("<p>Just a fragment</p>".utf8), "fragment.HTM", .html),
        ]
        for (bytes, name, kind) in cases {
            #expect(try FileKind.detect(bytes, name: name) == kind, "\(name)")
        }
    }

    @Test func unknownContentIsRefusedWithTheAcceptedTypes() throws {
        let text = try #require(throws: IntakeFailure.self) { try FileKind.detect(Array("hello".utf8), name: "notes.txt") }
        #expect(text.reason == .unsupportedType)
        #expect(text.message.contains("accepted types are pdf, doc, docx, pages, ppt, pptx, key, xls, xlsx, numbers"))
        #expect(text.message.contains("jpg, jpeg, png, tif, tiff, webp, html, htm"))

        let zip = try #require(throws: IntakeFailure.self) { try FileKind.detect(Self.zipHeader + [1, 2, 3], name: "archive.zip") }
        #expect(zip.message.hasPrefix("the file is a ZIP archive but not an office document"))

        let fakePDF = try #require(throws: IntakeFailure.self) { try FileKind.detect(Array("hello".utf8), name: "contract.PDF") }
        #expect(fakePDF.message == "the file is named .pdf but its content is not of that type")

        let binaryHTML = try #require(throws: IntakeFailure.self) { try FileKind.detect([0, 1, 2, 3], name: "page.html") }
        #expect(binaryHTML.reason == .unsupportedType)
    }

    @Test func extensionsAreReadCaseInsensitively() {
        #expect(FileKind.fileExtension(of: "Contract.DOCX") == "docx")
        #expect(FileKind.fileExtension(of: "archive.tar.gz") == "gz")
        #expect(FileKind.fileExtension(of: "README") == "")
        #expect(FileKind.fileExtension(of: "dir.d/file") == "")
    }
}
