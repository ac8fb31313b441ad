import Foundation
import PDF
import PDFSigning
import SwiftASN1
import Testing
import TimeStamping
import X509

@Suite struct PDFDocumentSignerTests {
    /// A two-page PDF from the module's own writer.
    private static func document() -> [UInt8] {
        var document = PDFDocument(info: PDFDocumentInfo(title: "Contract"))
        for label in ["Page one", "Page two"] {
            var page = PDFPage(size: .a4)
            page.content.drawText(label, at: PDFPoint(x: 72, y: 760), font: .helvetica, size: 14)
            document.pages.append(page)
        }
        return document.serialized()
    }

    /// A signer with the RSA test credentials.
    private static func signer(
        _ profile: PDFSignatureProfile = .padesBaselineB, timeStamper: (any SignatureTimeStamper)? = nil
    ) throws -> PDFDocumentSigner {
        PDFDocumentSigner(signer: try CMSDetachedSigner(credentials: SigningFixtures.rsa.credentials(), profile: profile, timeStamper: timeStamper))
    }

    /// The verifier trusting the RSA test CA.
    private static func verifier() throws -> PDFDocumentVerifier {
        PDFDocumentVerifier(trustedRoots: [try SigningFixtures.root(SigningFixtures.rsa)])
    }

    @Test(arguments: PDFSignatureProfile.allCases)
    func oneSignatureCoversTheWholeFileAndVerifies(profile: PDFSignatureProfile) async throws {
        let original = Self.document()
        let options = PDFSignatureOptions(
            appearance: PDFSignatureAppearance(pageIndex: 1, origin: PDFPoint(x: 72, y: 72), text: "Signed by Jane Roe"),
            reason: "Approved", signerName: "Jane Roe"
        )
        let signed = try await Self.signer(profile).sign(original, options: options)
        #expect(Array(signed.prefix(original.count)) == original)

        let reports = try await Self.verifier().verify(signed)
        let report = try #require(reports.first)
        #expect(reports.count == 1)
        #expect(report.fieldName == "Signature1")
        #expect(report.subFilter == profile.subFilter)
        #expect(report.isValid, "\(report)")
        #expect(report.coversWholeFile)
        #expect(report.byteRange[0] == 0 && report.byteRange[2] + report.byteRange[3] == signed.count)
        #expect(report.signer?.contains("Chancery Test Signer RSA") == true)

        let file = try PDFFile(bytes: signed)
        let fields = try file.formFields()
        #expect(fields.map(\.name) == ["Signature1"])
        #expect(file.catalog?["AcroForm"]?.dictionaryValue?["SigFlags"] == .integer(3))
        let page = try file.pages()[1]
        #expect(page.dictionary["Annots"]?.arrayValue?.count == 1)
        let firstPage = try file.pages()[0]
        #expect(firstPage.dictionary["Annots"] == nil)
    }

    @Test func laterSignaturesLeaveEarlierOnesValid() async throws {
        var bytes = Self.document()
        for index in 1...3 {
            let options = PDFSignatureOptions(
                appearance: PDFSignatureAppearance(pageIndex: index % 2, origin: PDFPoint(x: 40, y: 40 * Double(index)), text: "Signer \(index)"))
            bytes = try await Self.signer(index == 2 ? .pkcs7Detached : .padesBaselineB).sign(bytes, options: options)
        }
        let reports = try await Self.verifier().verify(bytes)
        #expect(reports.map(\.fieldName) == ["Signature1", "Signature2", "Signature3"])
        #expect(reports.filter(\.isValid).count == 3)
        #expect(reports.map(\.coversWholeFile) == [false, false, true])
        #expect(reports.map(\.coversRevision) == [true, true, true])
    }

    @Test func oneChangedByteBreaksTheDigest() async throws {
        var signed = try await Self.signer().sign(Self.document(), options: PDFSignatureOptions())
        let index = try #require(signed.indices.first { signed[$0] == UInt8(ascii: "P") && signed[$0 + 1] == UInt8(ascii: "a") })
        signed[index] = UInt8(ascii: "Q")
        let report = try #require(try await Self.verifier().verify(signed).first)
        #expect(!report.isValid)
        #expect(report.cms?.digest.isPassed == false)
        #expect(report.cms?.signature.isPassed == true)
    }

    @Test func anUntrustedRootFailsOnlyTheChain() async throws {
        let signed = try await Self.signer().sign(Self.document(), options: PDFSignatureOptions())
        let strangers = PDFDocumentVerifier(trustedRoots: [try SigningFixtures.root(SigningFixtures.stranger)])
        let report = try #require(try await strangers.verify(signed).first)
        #expect(report.cms?.digest.isPassed == true)
        #expect(report.cms?.chain.isPassed == false)
        #expect(!report.isValid)
    }

    @Test func aMissingPageIsRefused() async throws {
        let options = PDFSignatureOptions(appearance: PDFSignatureAppearance(pageIndex: 5, origin: PDFPoint(x: 0, y: 0), text: "x"))
        await #expect(throws: PDFSigningError.self) { try await Self.signer().sign(Self.document(), options: options) }
    }

    @Test func aTimeStampedSignatureCarriesATrustedToken() async throws {
        let keys = SigningFixtures.tsaKeys
        let authority = try keys.authority(policy: SigningFixtures.tsaPolicy)
        let signed = try await Self.signer(timeStamper: AuthorityTimeStamper(authority: authority)).sign(
            Self.document(), options: PDFSignatureOptions())
        let roots = [try SigningFixtures.root(SigningFixtures.rsa), try Certificate(pemEncoded: try keys.rootCertificatePEM)]
        let report = try #require(try await PDFDocumentVerifier(trustedRoots: roots).verify(signed).first)
        #expect(report.isValid, "\(report)")
        #expect(report.cms?.timeStamp?.imprintMatches == true)
        #expect(report.cms?.timeStamp?.verification.isPassed == true)
    }

    @Test func unsignedFilesHaveNoSignatures() async throws {
        let reports = try await Self.verifier().verify(Self.document())
        #expect(reports.isEmpty)
    }
}
