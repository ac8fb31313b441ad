import Foundation
import JSON
import TransparencyLog

/// A notarized report as the server keeps it: what the client sent, and where the log
/// recorded it.
struct StoredReport: Sendable {
    /// A file of the report, with its own slug.
    struct File: Codable, Sendable, Equatable {
        let slug: String
        let hash: String
        let fileName: String

        enum CodingKeys: String, CodingKey {
            case slug, hash
            case fileName = "file_name"
        }

        /// Writes the file as a JSON object, its keys sorted, as reports show and store it.
        func write(to writer: inout JSONWriter) {
            writer.beginObject()
            writer.field("file_name", fileName)
            writer.field("hash", hash)
            writer.field("slug", slug)
            writer.endObject()
        }
    }

    let slug: String
    let ownerID: String
    let hash: String
    let name: String?
    let note: String?
    let email: String?
    let originalCreatedAt: Date
    let metaData: JSONValue?
    let files: [File]
    /// The entry's index in the transparency log.
    let logIndex: Int
    /// The entry's leaf hash, as hex.
    let leafHash: String
    /// The size of the first checkpoint that includes the entry.
    let checkpointSize: Int
    /// That checkpoint's root hash.
    let checkpointRoot: TreeHash
    /// When that checkpoint was signed.
    let checkpointTime: Date
    /// The RFC 3161 reply for the report's hash, when the hash is a SHA-256.
    let timeStampReply: [UInt8]?
    /// The private metadata exactly as the log entry commits to it, and its salt.
    let committedMetadata: [UInt8]
    let salt: [UInt8]
}
