import Foundation
import PDF
import PDFSigning
import Testing

@testable import Signing

@Suite struct TemporaryProbeTests {
    @Test func probe() async throws {
        let scratch = try SealingScratch()
        let assembled = try DocumentAssembler().assemble(files: [SealingFixtures.document((1...10).map { "Page \($0)" })], documentName: "P", documentID: "p", signaturePageFor: [SignerIdentity(name: "A", email: "a@b.c")])
        let signature = try SealingFixtures.picture(width: 600, height: 200, frame: 20, in: scratch)
        let marks = [SealingMark(box: assembled.signaturePageBoxes[0], content: .image(signature))] + (0..<10).map { SealingMark(box: PageBox(pageIndex: $0, x: 100, y: 100, width: 200, height: 30), content: .text("Value \($0)")) }
        let sealer = RecipientSealer(keys: SealingFixtures.keys)
        let start = Date()
        _ = try await sealer.seal(assembled.pdf, marks: marks, signer: SignerIdentity(name: "A", email: "a@b.c"), reason: "r", signingTime: Date())
        print("PROBE one \(Date().timeIntervalSince(start)) size \(assembled.pdf.count) png \(signature.count)")
        let start2 = Date()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<20 {
                group.addTask { _ = try await sealer.seal(assembled.pdf, marks: marks, signer: SignerIdentity(name: "A", email: "a@b.c"), reason: "r", signingTime: Date()) }
            }
            try await group.waitForAll()
        }
        print("PROBE twenty \(Date().timeIntervalSince(start2))")
    }
}
