import Crypto
import Foundation
import PDF
import Testing

@testable import Signing

@Suite struct DocumentAssemblerTests {
    static let qpdf = ValidatorTool("qpdf")
    static let pdftotext = ValidatorTool("pdftotext")
    static let soffice = ValidatorTool("soffice")

    /// `qpdf --check` of the file at `path`: exit 0, no warning, no error.
    private static func expectClean(_ path: String, in scratch: SealingScratch) async throws {
        let check = try await qpdf.run(["--check", path], in: scratch.url)
        #expect(check.status == 0, "\(check.output) \(check.errors)")
        #expect(check.output.contains("No syntax or stream encoding errors found"), "\(check.output)")
        #expect(!(check.output + check.errors).uppercased().contains("WARNING"), "\(check.output) \(check.errors)")
    }

    /// The text of page `pageIndex` (from 0) of the file at `path`, whitespace collapsed.
    private static func text(of path: String, pageIndex: Int, in scratch: SealingScratch) async throws -> String {
        let page = String(pageIndex + 1)
        let result = try await pdftotext.run(["-f", page, "-l", page, "-enc", "UTF-8", path, "-"], in: scratch.url)
        return result.output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test(.enabled(if: qpdf.isInstalled && pdftotext.isInstalled))
    func oneFileKeepsItsBytesAsPrefixAndGetsTheAuditPage() async throws {
        let scratch = try SealingScratch()
        defer { scratch.remove() }
        let original = SealingFixtures.document(["Contract page one", "Contract page two"])
        let assembled = try DocumentAssembler().assemble(files: [original], documentName: "Lease 2025", documentID: "doc-1234", signaturePageFor: nil)

        #expect(Array(assembled.pdf.prefix(original.count)) == original)
        #expect(Data(SHA256.hash(data: assembled.pdf.prefix(original.count))) == Data(SHA256.hash(data: original)))
        #expect(assembled.filePageCounts == [2])
        #expect(assembled.signaturePageIndex == nil)
        #expect(assembled.signaturePageBoxes.isEmpty)
        #expect(assembled.auditPageIndex == 2)
        #expect(assembled.pageSizes.count == 3)
        for size in assembled.pageSizes {
            #expect(abs(size.width - 793.71) < 0.1 && abs(size.height - 1122.52) < 0.1, "\(size)")
        }

        let path = try scratch.write(assembled.pdf, to: "assembled.pdf")
        try await Self.expectClean(path, in: scratch)
        #expect(try PDFFile(bytes: assembled.pdf).pages().count == 3)
        let audit = try await Self.text(of: path, pageIndex: 2, in: scratch)
        for expected in ["Audit trail", "Lease 2025", "Document ID: doc-1234", "added to this page when the last recipient has signed"] {
            #expect(audit.contains(expected), "the audit page lacks \(expected): \(audit)")
        }
        #expect(try await Self.text(of: path, pageIndex: 1, in: scratch).contains("Contract page two"))
    }

    @Test(.enabled(if: qpdf.isInstalled && pdftotext.isInstalled))
    func severalFilesFollowEachOtherThenTheSignaturePage() async throws {
        let scratch = try SealingScratch()
        defer { scratch.remove() }
        let first = SealingFixtures.document(["First file"], size: PDFSize(width: 612, height: 792))
        let second = SealingFixtures.document(["Second file A", "Second file B"])
        let plain = try scratch.write(SealingFixtures.document(["Third file"], size: PDFSize(width: 842, height: 595)), to: "third.pdf")
        let compressed = scratch.url.appendingPathComponent("third-compressed.pdf").path
        #expect(try await Self.qpdf.run(["--object-streams=generate", plain, compressed], in: scratch.url).status == 0)
        let third = Array(try Data(contentsOf: URL(fileURLWithPath: compressed)))

        var files = [first, second, third]
        var labels = ["First file", "Second file A", "Second file B", "Third file"]
        if Self.soffice.isInstalled {
            let source = try scratch.write(Array("Office file line\n".utf8), to: "office.txt")
            let home = scratch.url.appendingPathComponent("office-profile").path
            let conversion = try await Self.soffice.run(
                ["-env:UserInstallation=file://\(home)", "--headless", "--convert-to", "pdf", "--outdir", scratch.url.path, source],
                in: scratch.url
            )
            #expect(conversion.status == 0, "\(conversion.output) \(conversion.errors)")
            files.append(try scratch.read("office.pdf"))
            labels.append("Office file line")
        }

        let signers = [SignerIdentity(name: "Jane Doe", email: "jane@example.com"), SignerIdentity(name: "John Roe", email: "john@example.com")]
        let assembled = try DocumentAssembler().assemble(files: files, documentName: "Bundle", documentID: "doc-9", signaturePageFor: signers)
        #expect(Array(assembled.pdf.prefix(first.count)) == first)
        #expect(assembled.filePageCounts == [1, 2, 1] + (files.count == 4 ? [1] : []))
        let contentPages = labels.count
        #expect(assembled.signaturePageIndex == contentPages)
        #expect(assembled.auditPageIndex == contentPages + 1)
        #expect(assembled.pageSizes.count == contentPages + 2)
        #expect(assembled.pageSizes[0] == PDFSize(width: 816, height: 1056))
        #expect(abs(assembled.pageSizes[3].width - 1122.67) < 0.1, "the landscape page: \(assembled.pageSizes[3])")
        #expect(assembled.pageSizes[contentPages] == PDFSize(width: 816, height: 1056), "the added pages take the first page's size")

        let path = try scratch.write(assembled.pdf, to: "bundle.pdf")
        try await Self.expectClean(path, in: scratch)
        for (index, label) in labels.enumerated() {
            #expect(try await Self.text(of: path, pageIndex: index, in: scratch).contains(label), "page \(index + 1) lacks \(label)")
        }
        let signaturePage = try await Self.text(of: path, pageIndex: contentPages, in: scratch)
        for expected in ["Signatures", "Jane Doe", "jane@example.com", "John Roe", "john@example.com"] {
            #expect(signaturePage.contains(expected), "the signature page lacks \(expected): \(signaturePage)")
        }
        #expect(try await Self.text(of: path, pageIndex: contentPages + 1, in: scratch).contains("Audit trail"))

        #expect(assembled.signaturePageBoxes.count == 2)
        for box in assembled.signaturePageBoxes {
            #expect(box.pageIndex == contentPages)
            #expect(box.x >= 0 && box.y >= 0 && box.x + box.width <= 816 && box.y + box.height <= 1056, "\(box)")
            #expect(box.width > 200 && box.height > 50, "\(box)")
        }
        let (left, right) = (assembled.signaturePageBoxes[0], assembled.signaturePageBoxes[1])
        #expect(left.y == right.y && left.x + left.width < right.x, "the two boxes are not side by side: \(left) \(right)")
    }

    @Test func manySignersShareTheOneSignaturePage() throws {
        let signers = (1...40).map { SignerIdentity(name: "Signer \($0)", email: "signer\($0)@example.com") }
        let assembled = try DocumentAssembler().assemble(
            files: [SealingFixtures.document(["Page"])], documentName: "Many", documentID: "d", signaturePageFor: signers)
        let boxes = assembled.signaturePageBoxes
        #expect(boxes.count == 40)
        let size = assembled.pageSizes[assembled.signaturePageIndex!]
        for (index, box) in boxes.enumerated() {
            #expect(box.y + box.height <= size.height && box.y >= 0, "box \(index) is off the page: \(box)")
            if index >= 2 {
                #expect(box.y >= boxes[index - 2].y + boxes[index - 2].height, "box \(index) overlaps the one above")
            }
        }
    }

    @Test(.enabled(if: qpdf.isInstalled))
    func encryptedAndUnreadableFilesAreRefusedWithTheirIndex() async throws {
        let scratch = try SealingScratch()
        defer { scratch.remove() }
        let plain = try scratch.write(SealingFixtures.document(["Secret"]), to: "plain.pdf")
        let encryptedPath = scratch.url.appendingPathComponent("encrypted.pdf").path
        let encryption = try await Self.qpdf.run(["--encrypt", "user", "owner", "256", "--", plain, encryptedPath], in: scratch.url)
        #expect(encryption.status == 0, "\(encryption.errors)")
        let encrypted = Array(try Data(contentsOf: URL(fileURLWithPath: encryptedPath)))
        let good = SealingFixtures.document(["Fine"])

        #expect {
            try DocumentAssembler().assemble(files: [good, encrypted], documentName: "x", documentID: "x", signaturePageFor: nil)
        } throws: { error in
            guard case AssemblyError.unreadableFile(1, .encrypted) = error else { return false }
            return (error as? AssemblyError)?.description.contains("file 2") == true
        }
        #expect {
            try DocumentAssembler().assemble(files: [Array("not a pdf".utf8)], documentName: "x", documentID: "x", signaturePageFor: nil)
        } throws: { error in
            if case AssemblyError.unreadableFile(0, _) = error { return true }
            return false
        }
        #expect {
            try DocumentAssembler().assemble(files: [], documentName: "x", documentID: "x", signaturePageFor: nil)
        } throws: { error in
            if case AssemblyError.noFiles = error { return true }
            return false
        }
    }
}
