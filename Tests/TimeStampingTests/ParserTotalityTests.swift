import ChanceryTestSupport
import Foundation
import SwiftASN1
import Testing
import TimeStamping

/// The parsers of untrusted bytes are total: any input gives a value or a thrown error.
@Suite struct ParserTotalityTests {
    /// Runs every public parser over `bytes`; a crash fails the whole test process.
    static func parseEverything(_ bytes: [UInt8]) {
        _ = try? TimeStampReq(derEncoded: bytes)
        _ = try? TimeStampResp(derEncoded: bytes)
        _ = try? TSTInfo(derEncoded: bytes)
        _ = try? ContentInfo(derEncoded: bytes).signedData()
        if let node = try? DER.parse(bytes) {
            _ = try? PKIStatusInfo(derEncoded: node)
            _ = try? SignerInfo(derEncoded: node)
            _ = try? SigningCertificateV2(derEncoded: node)
            _ = try? Accuracy(derEncoded: node)
        }
    }

    @Test func randomBytesNeverCrash() {
        var generator = SeededGenerator.logged()
        var accepted = 0
        for round in 0..<3000 {
            let length = Int.random(in: 0...200, using: &generator)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Give half the inputs a plausible SEQUENCE header so parsing goes deeper than the first byte.
            if round.isMultiple(of: 2), bytes.count >= 2 {
                bytes[0] = 0x30
                bytes[1] = UInt8(min(bytes.count - 2, 127))
            }
            Self.parseEverything(bytes)
            if (try? TimeStampReq(derEncoded: bytes)) != nil { accepted += 1 }
        }
        #expect(accepted < 3000)
    }

    @Test func everyTruncationAndMutationOfARealResponseIsHandled() async throws {
        let data = Array("fuzz me".utf8)
        let response = try Fixtures.authority().respond(toRequest: Fixtures.requestDER(for: data, nonce: [9, 9]))
        let request = try Fixtures.requestDER(for: data, nonce: [9, 9])
        #expect(throws: (any Error).self) { try TimeStampResp(derEncoded: response.dropLast()) }
        for cut in 0..<response.count {
            #expect(throws: (any Error).self, "prefix of \(cut) bytes") { try TimeStampResp(derEncoded: response.prefix(cut)) }
        }
        for cut in 0..<request.count {
            #expect(throws: (any Error).self) { try TimeStampReq(derEncoded: request.prefix(cut)) }
        }
        var generator = SeededGenerator.logged()
        let verifier = TimeStampVerifier(trustedRoot: Fixtures.keys.rootCertificate)
        for _ in 0..<300 {
            var mutated = response
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                mutated[Int.random(in: 0..<mutated.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            Self.parseEverything(mutated)
            // The verifier must reject (or, if the mutation was a no-op, accept) without crashing.
            _ = try? await verifier.verify(responseDER: mutated, dataDigest: Fixtures.sha256(data))
        }
        // The authority answers mutated requests with a response, never a crash.
        for _ in 0..<300 {
            var mutated = request
            mutated[Int.random(in: 0..<mutated.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            let reply = try Fixtures.authority().respond(toRequest: mutated)
            #expect(throws: Never.self) { try TimeStampResp(derEncoded: reply) }
        }
    }
}
