import BenchmarkSupport
import Crypto
import Foundation
import NotaryProof
import SwiftASN1
import TimeStamping
import TransparencyLog
import X509

/// Measures offline verification of proof bundles on one core: a bundle is read from its ZIP,
/// the file digest is found in the entry, the inclusion proof and the checkpoint signature
/// are checked against a pinned log key, the metadata commitment is opened, and the RFC 3161
/// token is checked against a pinned TSA root.
///
/// The reference, measured in the same run on the same core, is the cryptographic floor of one
/// verification: one Ed25519 verification (the checkpoint) plus two ECDSA P-256 verifications
/// (the token's signature and the TSA certificate's).
///
///     swift run -c release ProofVerificationBenchmark [VERIFICATIONS] [LOG-SIZE]
@main
struct ProofVerificationBenchmark {
    static func main() async throws {
        let arguments = CommandLine.arguments.dropFirst().compactMap(Int.init)
        let verifications = arguments.first ?? 2_000
        let logSize = arguments.dropFirst().first ?? 1_000_000

        let fixture = try Fixture(logSize: logSize)
        let reference = try referenceRate(iterations: verifications)

        let verifier = BundleVerifier(pinnedLogKey: fixture.logKey, pinnedTSARoot: fixture.tsaRootPEM)
        let first = await verifier.verify(fileDigest: fixture.fileDigest, archive: fixture.archive)
        guard first.allSatisfy(\.passed) else {
            print("the benchmark's bundle does not verify: \(first.filter { !$0.passed })")
            exit(1)
        }
        let start = ContinuousClock.now
        for _ in 0..<verifications {
            _ = await verifier.verify(fileDigest: fixture.fileDigest, archive: fixture.archive)
        }
        let rate = Double(verifications) / (ContinuousClock.now - start).seconds

        print("verifications: \(verifications), log size: \(logSize) (inclusion proof of \(fixture.proofHashes) hashes), one core")
        print(String(format: "reference, 1 Ed25519 + 2 P-256 signature checks: %.0f sets/s", reference))
        print(String(format: "bundle verification (ZIP, entry, log, metadata, RFC 3161): %.0f bundles/s (%.2f × reference)", rate, rate / reference))
    }

    /// One report's bundle in a log of `logSize` entries, with its pinned anchors.
    struct Fixture {
        let archive: [UInt8]
        let fileDigest: [UInt8]
        let logKey: String
        let tsaRootPEM: String
        let proofHashes: Int

        init(logSize: Int) throws {
            let origin = "bench.example/log"
            let signer = try Ed25519NoteSigner(name: origin, privateKey: .init())
            let fileDigest = Array(SHA256.hash(data: Array("the notarized file".utf8)))
            let metadata = Array(#"{"name":"photo.jpg"}"#.utf8)
            let salt = [UInt8](repeating: 7, count: 16)
            let hex = fileDigest.map { String(format: "%02x", $0) }.joined()
            let entry = try NotaryEntry(
                origin: origin, reportHash: hex, digests: [hex],
                metadataCommitment: MetadataCommitment.commitment(of: metadata, salt: salt),
                slug: "benchslug", receivedMilliseconds: 1_700_000_000_000
            ).bytes

            // The entry sits in the middle of the log; the other leaves are stand-ins.
            let index = logSize / 2
            var log = TiledLog()
            for position in 0..<logSize {
                log.append(position == index ? .leaf(entry) : .leaf(Array("entry \(position)".utf8)))
            }
            let hashes = try MerkleTree.inclusionProof(forLeafAt: index, treeSize: logSize, from: log)
            let checkpoint = Checkpoint(origin: origin, size: logSize, root: log.root)
            let note = try SignedNote.sign(checkpoint.text, with: [signer])
            let proof = TLogProof(extra: entry, index: index, hashes: hashes, checkpoint: note)

            let keys = try TSAKeys.generate(commonName: "Benchmark TSA")
            var request = DER.Serializer()
            try request.serialize(TimeStampReq(messageImprint: MessageImprint(.sha256, digest: fileDigest), certReq: true))
            let reply = try keys.authority(policy: ASN1ObjectIdentifier("1.2.3.4.1")).respond(toRequest: request.serializedBytes)

            let bundle = ProofBundle(
                slug: "benchslug", proof: proof.formatted, timeStampReply: reply, committedMetadata: metadata, salt: salt,
                logVerifierKey: signer.verifier.verifierKey, tsaRootPEM: try keys.rootCertificatePEM
            )
            self.archive = try bundle.archive()
            self.fileDigest = fileDigest
            self.logKey = signer.verifier.verifierKey
            self.tsaRootPEM = try keys.rootCertificatePEM
            self.proofHashes = hashes.count
        }
    }

    /// Sets of one Ed25519 and two P-256 signature verifications per second.
    static func referenceRate(iterations: Int) throws -> Double {
        let message = Array("a checkpoint or a signed time-stamp token".utf8)
        let edKey = Curve25519.Signing.PrivateKey()
        let edSignature = try edKey.signature(for: message)
        let ecKey = P256.Signing.PrivateKey()
        let ecSignature = try ecKey.signature(for: message)
        var valid = 0
        let start = ContinuousClock.now
        for _ in 0..<iterations {
            if edKey.publicKey.isValidSignature(edSignature, for: message) { valid += 1 }
            if ecKey.publicKey.isValidSignature(ecSignature, for: message) { valid += 1 }
            if ecKey.publicKey.isValidSignature(ecSignature, for: message) { valid += 1 }
        }
        let elapsed = (ContinuousClock.now - start).seconds
        precondition(valid == 3 * iterations)
        return Double(iterations) / elapsed
    }
}
