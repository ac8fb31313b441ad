import Foundation
import PDF
import PDFSigning
import Testing
import X509

@testable import Signing

@Suite struct TemporaryProbeTests {
    @Test func probe() async throws {
        let scratch = try SealingScratch()
        let assembled = try DocumentAssembler().assemble(files: [SealingFixtures.document(["Page"])], documentName: "P", documentID: "p", signaturePageFor: nil)
        print("PROBE CA", SealingFixtures.keys.authority.certificate.serialNumber.bytes.first!)
        for index in 0..<12 {
            let c = try await RecipientSealer(keys: SealingFixtures.keys).seal(assembled.pdf, marks: [], signer: SignerIdentity(name: "A", email: "a@b.c"), reason: "r", signingTime: Date())
            let path = try scratch.write(c, to: "\(index).pdf")
            let serial = try await PDFDocumentVerifier(trustedRoots: []).verify(c)[0].cms!.signer!.serialNumber.bytes.first!
            let result = try ValidatorTool("pdfsig").run(["-nocert", path], in: scratch.url).output.contains("Signature is Valid")
            print("PROBE \(serial >= 0x80) \(result)")
        }
    }
}
