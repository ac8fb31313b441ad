import Foundation
import Hummingbird
import NotaryProof
import TransparencyLog

/// What the public verify page shows of a report: only what the transparency log already
/// publishes, read from the report's log entry and its proof.
///
/// A report's name, note, email, metadata and file names are private. The log commits to them
/// with a salted commitment only, so they appear here neither in clear nor as that commitment.
///
/// ```json
/// {"slug": "…", "status": "confirmed", "hash": "…", "file_hashes": ["…"],
///  "received_at": "…", "logged_at": "…", "log_origin": "…", "log_key": "…", "log_index": 7,
///  "leaf_hash": "…", "checkpoint_size": 8, "checkpoint_root": "…", "proof": "c2sp.org/tlog-proof@v1\n…"}
/// ```
struct PublicReport: ResponseEncodable {
    let slug: String
    /// Always `confirmed`: a report exists only once a signed checkpoint covers its entry.
    let status: String
    /// The report's hash, as the log entry records it.
    let hash: String
    /// The SHA-256 digests of the report's files, as the log entry records them.
    let fileHashes: [String]
    /// When the server received the report (the entry's `received` line), ISO 8601 UTC.
    let receivedAt: String
    /// When the first checkpoint that includes the entry was signed, ISO 8601 UTC.
    let loggedAt: String
    /// The log's origin, the first line of its checkpoints.
    let logOrigin: String
    /// The log's verifier key, `name+keyid+base64(0x01 || key)`.
    let logKey: String
    /// The entry's position in the log.
    let logIndex: Int
    /// `SHA-256(0x00 || entry)` as hex.
    let leafHash: String
    /// The size of the first checkpoint that includes the entry.
    let checkpointSize: Int
    /// That checkpoint's root hash, base64.
    let checkpointRoot: String
    /// The report's `c2sp.org/tlog-proof@v1` file against the newest checkpoint; its `extra`
    /// line is the entry.
    let proof: String

    enum CodingKeys: String, CodingKey {
        case slug, status, hash, proof
        case fileHashes = "file_hashes"
        case receivedAt = "received_at"
        case loggedAt = "logged_at"
        case logOrigin = "log_origin"
        case logKey = "log_key"
        case logIndex = "log_index"
        case leafHash = "leaf_hash"
        case checkpointSize = "checkpoint_size"
        case checkpointRoot = "checkpoint_root"
    }

    /// The public facts of `report`, taken from the entry that `proof` carries.
    ///
    /// - Throws: When the proof carries no entry or not one of this format: the log's data
    ///   is damaged, which is the server's fault.
    init(_ report: StoredReport, proof: TLogProof, logKey: Ed25519NoteVerifier) throws {
        guard let bytes = proof.extra else { throw NotaryEntry.Error.malformed }
        let entry = try NotaryEntry(parsing: bytes)
        self.slug = entry.slug
        self.status = "confirmed"
        self.hash = entry.reportHash
        self.fileHashes = entry.digests
        self.receivedAt = Date(timeIntervalSince1970: Double(entry.receivedMilliseconds) / 1000).iso8601WithMilliseconds
        self.loggedAt = report.checkpointTime.iso8601WithMilliseconds
        self.logOrigin = entry.origin
        self.logKey = logKey.verifierKey
        self.logIndex = proof.index
        self.leafHash = TreeHash.leaf(bytes).hex
        self.checkpointSize = report.checkpointSize
        self.checkpointRoot = report.checkpointRoot.base64
        self.proof = proof.formatted
    }
}
