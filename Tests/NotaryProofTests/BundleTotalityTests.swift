import ChanceryTestSupport
import Foundation
import NotaryProof
import Testing
import TransparencyLog

/// Bundles come from anywhere (a download, an e-mail): reading and verifying one is total. Any
/// byte string gives files or an error, and a bundle whose proof bytes were changed never
/// verifies.
@Suite struct BundleTotalityTests {
    @Test func theFixtureVerifies() async throws {
        let fixture = try ProofBundleFixture()
        let checks = await BundleVerifier(pinnedLogKey: fixture.logKey, pinnedTSARoot: fixture.tsaRootPEM)
            .verify(fileDigest: fixture.fileDigest, archive: fixture.archive)
        #expect(checks.map(\.name) == ["file", "log", "metadata", "time"])
        let failed = checks.filter { !$0.passed }
        #expect(failed.isEmpty, "\(checks)")
    }

    @Test func everyTruncationIsRefused() throws {
        let archive = try ProofBundleFixture().archive
        for length in 0..<archive.count {
            #expect(throws: (any Error).self) { try StoredZip.files(in: Array(archive.prefix(length))) }
        }
    }

    @Test func aChangedTokenOrEntryNeverVerifies() async throws {
        let fixture = try ProofBundleFixture()
        let verifier = BundleVerifier(pinnedLogKey: fixture.logKey, pinnedTSARoot: fixture.tsaRootPEM)
        let files = try StoredZip.files(in: fixture.archive)
        let tokenName = "\(fixture.slug).tsr"
        let proofName = "\(fixture.slug).tlog-proof"
        let proof = try TLogProof(parsing: String(decoding: try #require(files[proofName]), as: UTF8.self))
        let entry = try #require(proof.extra)
        var generator = SeededGenerator.logged()
        for round in 0..<200 {
            var changed = files
            let flip = UInt8.random(in: 1...255, using: &generator)
            if round.isMultiple(of: 2) {
                var token = try #require(files[tokenName])
                // Past the reply's status (its first 9 bytes), where "granted" may become
                // "granted with modifications" and rightly still verify.
                token[Int.random(in: 9..<token.count, using: &generator)] ^= flip
                changed[tokenName] = token
            } else {
                var bytes = entry
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] ^= flip
                let forged = TLogProof(extra: bytes, index: proof.index, hashes: proof.hashes, checkpoint: proof.checkpoint)
                changed[proofName] = Array(forged.formatted.utf8)
            }
            var zip = StoredZip()
            for (name, contents) in changed.sorted(by: { $0.key < $1.key }) { zip.add(name, contents, modified: Date()) }
            let checks = await verifier.verify(fileDigest: fixture.fileDigest, archive: zip.bytes)
            let failed = checks.filter { !$0.passed }
            #expect(!failed.isEmpty, "round \(round): a changed \(round.isMultiple(of: 2) ? "token" : "entry") verified: \(checks)")
        }
    }

    @Test func aChangedArchiveIsCaughtByItsChecksums() throws {
        let archive = try ProofBundleFixture().archive
        let original = try StoredZip.files(in: archive)
        var generator = SeededGenerator.logged()
        for _ in 0..<500 {
            var changed = archive
            let position = Int.random(in: 0..<changed.count, using: &generator)
            changed[position] ^= UInt8.random(in: 1...255, using: &generator)
            // Either the reader refuses the archive, or every file it returns is intact, name
            // and contents (the byte was in a field the reader does not use, such as a time).
            if let files = try? StoredZip.files(in: changed) {
                let intact = files == original
                #expect(intact, "byte \(position) changed a file without failing its CRC-32: \(files.keys.sorted())")
            }
        }
    }

    @Test func aLowerEntryCountDoesNotHideFiles() throws {
        let archive = try ProofBundleFixture().archive
        let end = archive.count - 22
        for field in [end + 8, end + 10] {
            var changed = archive
            changed[field] -= 1
            #expect(throws: (any Error).self, "the end record's count at byte \(field) was lowered") { try StoredZip.files(in: changed) }
        }
    }

    @Test func randomBytesAreRefusedWithoutACrash() async {
        var generator = SeededGenerator.logged()
        for round in 0..<2000 {
            var bytes = (0..<Int.random(in: 0...300, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            // Half the inputs end in an end-of-central-directory record, so reading goes deeper.
            if round.isMultiple(of: 2), bytes.count >= 22 {
                bytes.replaceSubrange(bytes.count - 22..<bytes.count - 18, with: [0x50, 0x4B, 0x05, 0x06])
            }
            _ = try? StoredZip.files(in: bytes)
            _ = try? NotaryEntry(parsing: bytes)
        }
        let checks = await BundleVerifier().verify(fileDigest: [UInt8](repeating: 0, count: 32), archive: [0x50, 0x4B, 0x05, 0x06])
        #expect(checks.first?.passed == false)
    }
}
