import Foundation
import Notary
import NotaryProof
import Testing

@Suite struct NotaryEntryTests {
    static let digest = String(repeating: "ab", count: 32)
    static let commitment = [UInt8](repeating: 7, count: 32)

    @Test func writesTheCanonicalLines() throws {
        let entry = try NotaryEntry(
            origin: "notary.example.com/log", reportHash: "deadbeef", digests: [Self.digest, String(repeating: "0", count: 64)],
            metadataCommitment: Self.commitment, slug: "r-abc123", receivedMilliseconds: 1_790_000_000_123
        )
        let expected = """
            notary.example.com/log/entry/v1
            hash deadbeef
            sha256 \(Self.digest)
            sha256 \(String(repeating: "0", count: 64))
            meta BwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwc=
            slug r-abc123
            received 1790000000123

            """
        #expect(String(decoding: entry.bytes, as: UTF8.self) == expected)
        #expect(try NotaryEntry(parsing: entry.bytes) == entry)
    }

    @Test func refusesFieldsThatWouldBreakTheFormat() {
        for hash in ["", "abc", "AB", String(repeating: "a", count: 66)] {
            #expect(throws: NotaryEntry.Error.invalidDigest(hash)) {
                try NotaryEntry(origin: "o", reportHash: hash, digests: [], metadataCommitment: Self.commitment, slug: "s", receivedMilliseconds: 0)
            }
        }
        #expect(throws: NotaryEntry.Error.invalidDigest("AB")) {
            try NotaryEntry(origin: "o", reportHash: "ab", digests: ["AB"], metadataCommitment: Self.commitment, slug: "s", receivedMilliseconds: 0)
        }
        #expect(throws: NotaryEntry.Error.invalidCommitment) {
            try NotaryEntry(origin: "o", reportHash: "ab", digests: [], metadataCommitment: [1], slug: "s", receivedMilliseconds: 0)
        }
        #expect(throws: NotaryEntry.Error.invalidText("a\nslug evil")) {
            try NotaryEntry(
                origin: "o", reportHash: "ab", digests: [], metadataCommitment: Self.commitment, slug: "a\nslug evil", receivedMilliseconds: 0)
        }
    }

    @Test func parsesOnlyTheCanonicalForm() throws {
        let entry = try NotaryEntry(
            origin: "o.example/log", reportHash: "abc1", digests: [Self.digest], metadataCommitment: Self.commitment, slug: "s",
            receivedMilliseconds: 5)
        let text = String(decoding: entry.bytes, as: UTF8.self)
        for variant in [text.replacingOccurrences(of: "received 5", with: "received 05"), text + "extra\n", String(text.dropLast()), "", "x\n"] {
            #expect(throws: NotaryEntry.Error.self, "\(variant.debugDescription)") { try NotaryEntry(parsing: Array(variant.utf8)) }
        }
        #expect(throws: NotaryEntry.Error.malformed) { try NotaryEntry(parsing: [0xFF, 0xFE, 0x0A]) }
    }
}
