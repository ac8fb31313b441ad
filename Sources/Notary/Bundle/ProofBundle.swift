import Foundation

/// Everything needed to verify a report offline, with independent tools, as one ZIP:
///
/// - `<slug>.tlog-proof`: the C2SP proof that the entry is in the log.
/// - `<slug>.tsr`: the RFC 3161 reply over the report's hash (for SHA-256 hashes).
/// - `meta.json`: the report's private metadata exactly as committed, with the salt.
/// - `log.vkey`, `tsa-root.pem`: the trust anchors.
/// - `VERIFY.txt`: the commands that check all of it.
struct ProofBundle {
    let slug: String
    let proof: String
    let timeStampReply: [UInt8]?
    let committedMetadata: [UInt8]
    let salt: [UInt8]
    let logVerifierKey: String
    let tsaRootPEM: String

    /// The ZIP archive.
    func archive(created: Date = Date()) throws -> [UInt8] {
        var zip = StoredZip()
        zip.add("\(slug).tlog-proof", Array(proof.utf8), modified: created)
        if let timeStampReply { zip.add("\(slug).tsr", timeStampReply, modified: created) }
        zip.add("meta.json", try metaJSON(), modified: created)
        zip.add("log.vkey", Array((logVerifierKey + "\n").utf8), modified: created)
        zip.add("tsa-root.pem", Array(tsaRootPEM.utf8), modified: created)
        zip.add("VERIFY.txt", Array(verifyText.utf8), modified: created)
        return zip.bytes
    }

    /// The committed metadata bytes (base64, as they must be hashed byte for byte), the salt,
    /// and the resulting commitment that the entry's `meta` line carries.
    private func metaJSON() throws -> [UInt8] {
        struct Meta: Encodable {
            let metadata: String
            let salt: String
            let commitment: String
            let note: String
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let commitment = CommittedMetadata.commitment(of: committedMetadata, salt: salt)
        return Array(try encoder.encode(Meta(
            metadata: Data(committedMetadata).base64EncodedString(),
            salt: Data(salt).base64EncodedString(),
            commitment: Data(commitment).base64EncodedString(),
            note: "commitment = SHA-256(base64-decoded metadata || base64-decoded salt); it equals the entry's meta line"
        )))
    }

    private var verifyText: String {
        """
        How to verify this report without trusting the server that issued it.

        1. The file: its SHA-256 must equal the "hash" (or a "sha256") line of the log entry.
             sha256sum FILE
             grep '^extra ' \(slug).tlog-proof | cut -d' ' -f2 | base64 -d

        2. The time (RFC 3161), with OpenSSL alone:
             openssl ts -verify -data FILE -in \(slug).tsr -CAfile tsa-root.pem
           After the TSA certificate has expired, add: -attime <genTime as Unix seconds>

        3. The log (C2SP tlog-proof): \(slug).tlog-proof carries the entry (the base64 "extra"
           line), its index, the inclusion proof and a checkpoint signed by the key in log.vkey.
           Any tlog-proof verifier checks it, e.g. Go's golang.org/x/mod/sumdb/note and tlog:
             note.Open(checkpoint, note.VerifierList(vkey))
             tlog.CheckRecord(proof, size, root, index, tlog.RecordHash(entry))

        4. The private metadata: SHA-256(metadata || salt) from meta.json must equal the base64
           value on the entry's "meta" line.

        """
    }
}
