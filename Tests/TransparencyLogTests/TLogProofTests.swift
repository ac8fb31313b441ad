import Crypto
import Testing
import TransparencyLog

@Suite struct TLogProofTests {
    static let origin = "log.example.com/chancery"

    /// A log of `count` entries with a signed checkpoint and a proof for `index`.
    static func proof(count: Int, index: Int, signer: Ed25519NoteSigner) throws -> (TLogProof, [UInt8]) {
        let entries = (0..<count).map { Array("sha256 entry-\($0)\n".utf8) }
        let leaves = entries.map { TreeHash.leaf($0) }
        let checkpoint = Checkpoint(origin: origin, size: count, root: MerkleTree.root(of: leaves))
        let note = try SignedNote.sign(checkpoint.text, with: [signer])
        let proof = TLogProof(extra: entries[index], index: index, hashes: MerkleTree.inclusionProof(forLeafAt: index, in: leaves), checkpoint: note)
        return (proof, entries[index])
    }

    @Test func aProofFileRoundTripsAndVerifiesOffline() throws {
        let signer = try Ed25519NoteSigner(name: Self.origin, privateKey: .init())
        let (proof, entry) = try Self.proof(count: 27, index: 11, signer: signer)
        let text = proof.formatted
        #expect(text.hasPrefix("c2sp.org/tlog-proof@v1\nextra "))
        #expect(text.contains("\nindex 11\n"))
        let parsed = try TLogProof(parsing: text)
        #expect(parsed == proof)
        let checkpoint = try parsed.verify(leaf: .leaf(parsed.extra ?? []), origin: Self.origin, verifiers: [signer.verifier])
        #expect(checkpoint.size == 27)
        #expect(parsed.extra == entry)
    }

    @Test func aProofForAnotherEntryOrLogOrKeyFails() throws {
        let signer = try Ed25519NoteSigner(name: Self.origin, privateKey: .init())
        let (proof, _) = try Self.proof(count: 27, index: 11, signer: signer)
        #expect(throws: ProofError.rootMismatch) {
            try proof.verify(leaf: .leaf(Array("sha256 entry-12\n".utf8)), origin: Self.origin, verifiers: [signer.verifier])
        }
        #expect(throws: NoteError.self) {
            try proof.verify(leaf: .leaf(proof.extra ?? []), origin: "other.example/log", verifiers: [signer.verifier])
        }
        let otherKey = try Ed25519NoteSigner(name: Self.origin, privateKey: .init())
        #expect(throws: NoteError.noTrustedSignature) {
            try proof.verify(leaf: .leaf(proof.extra ?? []), origin: Self.origin, verifiers: [otherKey.verifier])
        }
    }

    @Test func checkpointsParseStrictly() throws {
        let root = TreeHash.leaf([])
        let checkpoint = Checkpoint(origin: "example.com/log", size: 20_852_163, root: root)
        #expect(try Checkpoint(parsing: checkpoint.text) == checkpoint)
        #expect(try Checkpoint(parsing: checkpoint.text + "extension line\n") == checkpoint)
        for bad in [
            "example.com/log\n012\n\(root.base64)\n", "example.com/log\n-1\n\(root.base64)\n", "example.com/log\n1\nAAAA\n", "\n1\n\(root.base64)\n",
        ] {
            #expect(throws: NoteError.self, "\(bad.debugDescription)") { try Checkpoint(parsing: bad) }
        }
    }
}
