import Crypto
import Foundation
import PDF
import PDFSigning
import SwiftASN1
import Testing
import X509

@testable import Signing

/// The whole life of a document's PDF: assembled, signed by two recipients in turn, sealed
/// with the audit trail; then checked by pyHanko, pdfsig, pdftotext and pdftoppm.
@Suite struct SealingFlowTests {
    static let toolsInstalled =
        ["pdfsig", "pdftotext", "pdftoppm", "qpdf"].allSatisfy { ValidatorTool($0).isInstalled }
        && ValidatorTool.python.isInstalled

    /// The hexadecimal SHA-256 of `bytes`.
    private static func sha256(_ bytes: [UInt8]) -> String {
        SHA256.hash(data: bytes).map { String(format: "%02x", $0) }.joined()
    }

    /// A box at `x`, `y` of page `pageIndex`, `width` × `height` pixels.
    private static func box(_ pageIndex: Int, _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> PageBox {
        PageBox(pageIndex: pageIndex, x: x, y: y, width: width, height: height)
    }

    @Test(.enabled(if: toolsInstalled))
    func twoRecipientsThenTheSealAllValidate() async throws {
        let scratch = try SealingScratch()
        defer { scratch.remove() }
        let files = [SealingFixtures.document(["Agreement terms"]), SealingFixtures.document(["Annex one", "Annex two"])]
        let jane = SignerIdentity(name: "Jane Doe", email: "jane@example.com")
        let john = SignerIdentity(name: "John Roe", email: "john@example.com")
        let assembled = try DocumentAssembler().assemble(
            files: files, documentName: "Agreement", documentID: "doc-42", signaturePageFor: [jane, john])
        let prepared = assembled.pdf
        let signaturePage = try #require(assembled.signaturePageIndex)

        let signature = try await SealingFixtures.picture(width: 240, height: 60, frame: 6, in: scratch)
        let janeMarks = [
            SealingMark(box: assembled.signaturePageBoxes[0], content: .image(signature)),
            SealingMark(box: Self.box(0, 96, 300, 260, 30), content: .text("Jane typed this value")),
            SealingMark(box: Self.box(0, 96, 360, 30, 30), content: .check(true)),
            SealingMark(box: Self.box(1, 96, 500, 160, 24), content: .text("06/01/2025")),
            SealingMark(box: Self.box(0, 400, 360, 200, 30), content: .text("")),
        ]
        let recipients = RecipientSealer(keys: SealingFixtures.keys, timeStamper: nil)
        let afterJane = try await recipients.seal(prepared, marks: janeMarks, signer: jane, reason: "Signed by Jane", signingTime: Date())
        #expect(Array(afterJane.prefix(prepared.count)) == prepared)

        let initials = try await SealingFixtures.picture(width: 80, height: 40, format: "jpeg", in: scratch)
        let johnMarks = [
            SealingMark(box: assembled.signaturePageBoxes[1], content: .text("John Roe")),
            SealingMark(box: Self.box(2, 96, 200, 80, 40), content: .image(initials)),
            SealingMark(box: Self.box(0, 96, 420, 30, 30), content: .check(false)),
        ]
        let afterJohn = try await recipients.seal(afterJane, marks: johnMarks, signer: john, reason: "Signed by John", signingTime: Date())

        let trail = AuditTrail(
            documentName: "Agreement",
            documentID: "doc-42",
            originalFileSHA256: zip(["agreement.pdf", "annex.pdf"], files).map { (name: $0, hex: Self.sha256($1)) },
            signedFileSHA256: Self.sha256(afterJohn),
            proofURL: "https://chancery.example.com/verify/abc123",
            entries: [
                AuditTrailEntry(time: Date(timeIntervalSince1970: 1_748_772_000), event: "Document created", actor: "API key of Ops"),
                AuditTrailEntry(
                    time: Date(timeIntervalSince1970: 1_748_772_060), event: "Signed", actor: "Jane Doe <jane@example.com>", ipAddress: "203.0.113.7",
                    userAgent: "Mozilla/5.0 (X11; Linux x86_64)"),
                AuditTrailEntry(
                    time: Date(timeIntervalSince1970: 1_748_772_120), event: "Signed", actor: "John Roe <john@example.com>", ipAddress: "2001:db8::1",
                    userAgent: "Mozilla/5.0 (iPhone)"),
            ]
        )
        let sealer = PlatformSealer(keys: SealingFixtures.keys, timeStamper: SealingFixtures.timeStamper)
        let sealed = try await sealer.seal(afterJohn, trail: trail, auditPageIndex: assembled.auditPageIndex, signingTime: Date())
        let path = try scratch.write(sealed, to: "sealed.pdf")

        // pyHanko: every signature intact, valid and trusted; the earlier ones followed by
        // form filling only; the seal time-stamped and covering the whole file.
        let report = try await PyHankoReport.validate(path, trusting: try SealingFixtures.trustRoots(in: scratch), in: scratch)
        #expect(report.signatures.count == 3)
        for (index, signature) in report.signatures.enumerated() {
            #expect(signature.intact && signature.valid && signature.trusted, "signature \(index + 1): \(signature.details)")
            #expect(signature.docmdpOK != false, "signature \(index + 1): \(signature.details)")
            if index < 2 {
                #expect(signature.modification == "FORM_FILLING", "signature \(index + 1): \(signature.details)")
                #expect(signature.coverage == "ENTIRE_REVISION")
            }
        }
        #expect(report.signatures.last?.coverage == "ENTIRE_FILE")
        #expect(report.signatures.last?.timeStampValid == true, "\(report.signatures.last?.details ?? "")")
        #expect(report.signatures.first?.timeStampValid == nil)

        // pdfsig: three signature fields, each validly signed, by Jane, John and the seal.
        // (Poppler 22 lists a signature once per widget, so the fields are counted by name.)
        let pdfsig = try await PdfsigReport(path: path, in: scratch)
        #expect(pdfsig.fieldNames == ["Signature1", "Signature2", "Signature3"], "\(pdfsig.output)")
        #expect(pdfsig.signatures.allSatisfy { $0.contains("Signature Validation: Signature is Valid.") }, "\(pdfsig.output)")
        for name in ["Jane Doe", "John Roe", "Chancery Test seal"] {
            #expect(pdfsig.output.contains(name), "pdfsig does not name \(name): \(pdfsig.output)")
        }
        #expect(pdfsig.output.contains("ETSI.CAdES.detached"))

        // Our own verifier agrees.
        let reports = try await PDFDocumentVerifier(trustedRoots: [try Certificate(pemEncoded: SealingFixtures.keys.caCertificatePEM)]).verify(sealed)
        #expect(reports.count == 3 && reports.allSatisfy { $0.cms?.digest.isPassed == true && $0.cms?.signature.isPassed == true })

        // The text marks and the audit trail are there for text extraction.
        let firstPage = try await ValidatorTool("pdftotext").run(["-f", "1", "-l", "1", "-enc", "UTF-8", path, "-"], in: scratch.url).output
        #expect(firstPage.contains("Jane typed this value"), "\(firstPage)")
        let annexPage = try await ValidatorTool("pdftotext").run(["-f", "2", "-l", "2", path, "-"], in: scratch.url).output
        #expect(annexPage.contains("06/01/2025"))
        let auditPage = try await ValidatorTool("pdftotext").run(
            ["-f", "\(assembled.auditPageIndex + 1)", "-l", "\(assembled.auditPageIndex + 1)", "-enc", "UTF-8", path, "-"], in: scratch.url
        ).output
        for expected in [
            "Audit trail", "Record of completion", "Document created", "203.0.113.7", "Mozilla/5.0 (iPhone)", Self.sha256(files[1]),
            Self.sha256(afterJohn), "https://chancery.example.com/verify/abc123", "2025-06-01 10:01:00",
        ] {
            #expect(auditPage.contains(expected), "the audit page lacks \(expected): \(auditPage)")
        }

        // The signature image shows in its box, which was blank before; the empty text mark
        // added nothing.
        let before = try await PageRendering(path: try scratch.write(prepared, to: "prepared.pdf"), pageIndex: signaturePage, in: scratch)
        let after = try await PageRendering(path: path, pageIndex: signaturePage, in: scratch)
        let janeBox = assembled.signaturePageBoxes[0]
        #expect(before.darkShare(in: janeBox) == 0)
        #expect(after.darkShare(in: janeBox, inset: 12) > 0.5, "no signature in \(janeBox)")
        let firstBefore = try await PageRendering(path: try scratch.write(prepared, to: "prepared-1.pdf"), pageIndex: 0, in: scratch)
        let firstAfter = try await PageRendering(path: path, pageIndex: 0, in: scratch)
        #expect(firstAfter.darkShare(in: Self.box(0, 96, 360, 30, 30)) > 0.05, "no check mark")
        #expect(firstAfter.darkShare(in: Self.box(0, 400, 360, 200, 30)) == firstBefore.darkShare(in: Self.box(0, 400, 360, 200, 30)))

        let widgetCounts = try PDFFile(bytes: sealed).formFields().map { field in field.dictionary["Kids"]?.arrayValue?.count ?? 0 }
        #expect(widgetCounts == [4, 3, 1], "one widget per mark that shows something")
    }

    @Test(.enabled(if: toolsInstalled && PDFSystemFontLocator.cjkFont() != nil))
    func textBeyondLatinIsDrawnInTheFallbackFont() async throws {
        let scratch = try SealingScratch()
        defer { scratch.remove() }
        let assembled = try DocumentAssembler().assemble(
            files: [SealingFixtures.document(["Page"])], documentName: "契約書", documentID: "doc-jp", signaturePageFor: nil)
        let signer = SignerIdentity(name: "山田太郎", email: "taro@example.jp")
        let signed = try await RecipientSealer(keys: SealingFixtures.keys).seal(
            assembled.pdf, marks: [SealingMark(box: Self.box(0, 96, 300, 300, 40), content: .text("山田太郎 Yamada"))],
            signer: signer, reason: "署名", signingTime: Date()
        )
        let path = try scratch.write(signed, to: "cjk.pdf")
        let text = try await ValidatorTool("pdftotext").run(["-f", "1", "-l", "1", "-enc", "UTF-8", path, "-"], in: scratch.url).output
        #expect(text.contains("山田太郎 Yamada"), "\(text)")
        let audit = try await ValidatorTool("pdftotext").run(["-f", "2", "-l", "2", "-enc", "UTF-8", path, "-"], in: scratch.url).output
        #expect(audit.contains("契約書"), "\(audit)")
        let report = try await PyHankoReport.validate(path, trusting: try SealingFixtures.trustRoots(in: scratch), in: scratch)
        #expect(
            report.signatures.count == 1 && report.signatures[0].intact && report.signatures[0].valid, "\(report.signatures.first?.details ?? "")")
        let pdfsig = try await PdfsigReport(path: path, in: scratch)
        #expect(pdfsig.fieldNames == ["Signature1"])
        #expect(pdfsig.signatures.allSatisfy { $0.contains("Signature Validation: Signature is Valid.") }, "\(pdfsig.output)")
        #expect(pdfsig.output.contains("山田太郎"), "\(pdfsig.output)")
    }

    @Test(.enabled(if: toolsInstalled))
    func aLongAuditTrailEndsWithHowManyEventsDidNotFit() async throws {
        let scratch = try SealingScratch()
        defer { scratch.remove() }
        let assembled = try DocumentAssembler().assemble(
            files: [SealingFixtures.document(["Page"])], documentName: "Busy", documentID: "doc-busy", signaturePageFor: nil)
        let agent = String(repeating: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 ", count: 3)
        let entries = (0..<200).map { index in
            AuditTrailEntry(
                time: Date(timeIntervalSince1970: 1_748_772_000 + Double(index)), event: "Viewed \(index)", actor: "Reader \(index)",
                ipAddress: "198.51.100.\(index % 250)", userAgent: agent)
        }
        let trail = AuditTrail(
            documentName: "Busy", documentID: "doc-busy", originalFileSHA256: [("busy.pdf", String(repeating: "ab", count: 32))],
            signedFileSHA256: String(repeating: "cd", count: 32), proofURL: "https://example.com/p", entries: entries
        )
        let sealed = try await PlatformSealer(keys: SealingFixtures.keys).seal(
            assembled.pdf, trail: trail, auditPageIndex: assembled.auditPageIndex, signingTime: Date())
        let path = try scratch.write(sealed, to: "busy.pdf")
        let text = try await ValidatorTool("pdftotext").run(["-f", "2", "-l", "2", "-enc", "UTF-8", path, "-"], in: scratch.url).output
        let shown = Set(text.matches(of: /Viewed (\d+)/).compactMap { Int($0.output.1) })
        #expect(shown == Set(0..<shown.count), "the events shown are not the first ones: \(shown.sorted())")
        #expect(shown.count > 5 && shown.count < 200, "\(shown.count) events shown: \(text)")
        #expect(text.contains("… \(200 - shown.count) more events"), "\(text)")
        #expect(text.contains("AppleWebKit"), "the user agent is not wrapped into its column")
    }
}
