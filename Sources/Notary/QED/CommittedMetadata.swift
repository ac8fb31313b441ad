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

    /// The metadata of `submission` and a fresh salt.
    init(_ submission: ReportSubmission) {
        self.bytes = Self.bytes(of: submission)
        // 16 bytes from two 64-bit draws: two system calls rather than sixteen.
        var generator = SystemRandomNumberGenerator()
        self.salt = withUnsafeBytes(of: (generator.next() as UInt64, generator.next() as UInt64)) { Array($0) }
    }

    /// The committed bytes of `submission`'s metadata: a JSON object of `email`, `meta_data`,
    /// `name`, `note`, `original_created_at` and `provable_files`, in that order, without those
    /// that are empty; the text `JSONEncoder` writes with sorted keys and unescaped slashes.
    static func bytes(of submission: ReportSubmission) -> [UInt8] {
        var writer = JSONWriter()
        writer.beginObject()
        writer.fieldIfPresent("email", submission.email)
        writer.fieldIfPresent("meta_data", submission.metaData)
        writer.fieldIfPresent("name", submission.name)
        writer.fieldIfPresent("note", submission.note)
        writer.field("original_created_at", submission.originalCreatedAt.iso8601WithMilliseconds)
        writer.key("provable_files")
        writer.beginArray()
        for file in submission.provableFiles {
            writer.beginObject()
            writer.field("file_name", file.fileName)
            writer.field("hash", file.hash)
            writer.endObject()
        }
        writer.endArray()
        writer.endObject()
        return writer.bytes
    }
}
