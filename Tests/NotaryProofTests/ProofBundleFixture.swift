import Crypto
import NotaryProof
import SwiftASN1
import TimeStamping
import TransparencyLog

/// A real proof bundle for a file in a small log, with the anchors that verify it.
struct ProofBundleFixture {
    let file = Array("the notarized file".utf8)
    let archive: [UInt8]
    let slug = "fixtureslug"
    let logKey: String
    let tsaRootPEM: String

    var fileDigest: [UInt8] { Array(SHA256.hash(data: file)) }

    init() throws {
        let origin = "fixture.example/log"
        let signer = try Ed25519NoteSigner(name: origin, privateKey: .init())
        let digest = Array(SHA256.hash(data: Array("the notarized file".utf8)))
        let metadata = Array(#"{"name":"photo.jpg"}"#.utf8)
        let salt = [UInt8](repeating: 9, count: 16)
        let entry = try NotaryEntry(
            origin: origin, reportHash: Hex.encode(digest), digests: [Hex.encode(digest)],
            metadataCommitment: MetadataCommitment.commitment(of: metadata, salt: salt), slug: slug, receivedMilliseconds: 1_700_000_000_000
        ).bytes
        let leaves = (0..<7).map { $0 == 4 ? TreeHash.leaf(entry) : TreeHash.leaf(Array("other \($0)".utf8)) }
        let checkpoint = Checkpoint(origin: origin, size: leaves.count, root: MerkleTree.root(of: leaves))
        let proof = TLogProof(
            extra: entry, index: 4, hashes: MerkleTree.inclusionProof(forLeafAt: 4, in: leaves),
            checkpoint: try SignedNote.sign(checkpoint.text, with: [signer])
        )
        let keys = try TSAKeys.generate(commonName: "Fixture TSA")
        var request = DER.Serializer()
        try request.serialize(TimeStampReq(messageImprint: MessageImprint(.sha256, digest: digest), certReq: true))
        let reply = try keys.authority(policy: [1, 2, 3, 4, 1]).respond(toRequest: request.serializedBytes)
        self.archive = try ProofBundle(
            slug: slug, proof: proof.formatted, timeStampReply: reply, committedMetadata: metadata, salt: salt,
            logVerifierKey: signer.verifier.verifierKey, tsaRootPEM: try keys.rootCertificatePEM
        ).archive()
        self.logKey = signer.verifier.verifierKey
        self.tsaRootPEM = try keys.rootCertificatePEM
    }
}
