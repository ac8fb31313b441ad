import Foundation
import JSON
import NotaryProof

/// The private part of a report that the log commits to without publishing it: the exact
/// bytes (JSON with sorted keys) and a random salt. The log entry carries only
/// `SHA-256(bytes || salt)`; the owner receives bytes and salt and can prove the metadata later.
struct CommittedMetadata: Sendable {
    let bytes: [UInt8]
    let salt: [UInt8]

    /// The 32-byte commitment the log entry carries.
    var commitment: [UInt8] { MetadataCommitment.commitment(of: bytes, salt: salt) }

    init(_ submission: ReportSubmission) throws {
        struct Fields: Encodable {
            let name: String?
            let note: String?
            let email: String?
            let originalCreatedAt: String
            let metaData: JSONValue?
            let provableFiles: [ReportSubmission.ProvableFile]
            enum CodingKeys: String, CodingKey {
                case name, note, email
                case originalCreatedAt = "original_created_at"
                case metaData = "meta_data"
                case provableFiles = "provable_files"
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        self.bytes = Array(
            try encoder.encode(
                Fields(
                    name: submission.name, note: submission.note, email: submission.email,
                    originalCreatedAt: submission.originalCreatedAt.iso8601WithMilliseconds,
                    metaData: submission.metaData, provableFiles: submission.provableFiles
                )))
        // 16 bytes from two 64-bit draws: two system calls rather than sixteen.
        var generator = SystemRandomNumberGenerator()
        self.salt = withUnsafeBytes(of: (generator.next() as UInt64, generator.next() as UInt64)) { Array($0) }
    }
}
