import Foundation

/// Everything needed to verify a report offline, with independent tools, as one ZIP:
///
/// - `<slug>.tlog-proof`: the C2SP proof that the entry is in the log.
/// - `<slug>.tsr`: the RFC 3161 reply over the report's hash (for SHA-256 hashes).
/// - `meta.json`: the report's private metadata exactly as committed, with the salt.
/// - `log.vkey`, `tsa-root.pem`: the trust anchors.
/// - `VERIFY.txt`: the commands that check all of it.
public struct ProofBundle: Sendable {
    /// One file of the bundle.
    public struct File: Sendable, Equatable {
        /// The file's name inside the bundle.
        public let name: String
        /// The file's bytes.
        public let contents: [UInt8]
        /// Its media type.
        public let mediaType: String
    }

    /// The report's slug; it names the proof and token files.
    public let slug: String
    /// The `c2sp.org/tlog-proof@v1` text.
    public let proof: String
    /// The RFC 3161 reply, when the report's hash is a SHA-256.
    public let timeStampReply: [UInt8]?
    /// The private metadata exactly as committed.
    public let committedMetadata: [UInt8]
    /// The salt of the commitment.
    public let salt: [UInt8]
    /// The log's verifier key in C2SP text form.
    public let logVerifierKey: String
    /// The TSA root certificate in PEM.
    public let tsaRootPEM: String

    /// Creates the bundle of one report.
    public init(
        slug: String, proof: String, timeStampReply: [UInt8]?, committedMetadata: [UInt8], salt: [UInt8],
        logVerifierKey: String, tsaRootPEM: String
    ) {
        self.slug = slug
        self.proof = proof
        self.timeStampReply = timeStampReply
        self.committedMetadata = committedMetadata
        self.salt = salt
        self.logVerifierKey = logVerifierKey
        self.tsaRootPEM = tsaRootPEM
    }

    /// The bundle's files, in the order they are written.
    public func files() throws -> [File] {
        var files = [File(name: "\(slug).tlog-proof", contents: Array(proof.utf8), mediaType: "text/plain")]
        if let timeStampReply { files.append(File(name: "\(slug).tsr", contents: timeStampReply, mediaType: "application/timestamp-reply")) }
        files += [
            File(name: "meta.json", contents: try metaJSON(), mediaType: "application/json"),
            File(name: "log.vkey", contents: Array((logVerifierKey + "\n").utf8), mediaType: "text/plain"),
            File(name: "tsa-root.pem", contents: Array(tsaRootPEM.utf8), mediaType: "application/x-pem-file"),
            File(name: "VERIFY.txt", contents: Array(verifyText.utf8), mediaType: "text/plain"),
        ]
        return files
    }

    /// The ZIP archive of ``files()``.
    public func archive(created: Date = Date()) throws -> [UInt8] {
        var zip = StoredZip()
        for file in try files() { zip.add(file.name, file.contents, modified: created) }
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
        let commitment = MetadataCommitment.commitment(of: committedMetadata, salt: salt)
        return Array(
            try encoder.encode(
                Meta(
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
