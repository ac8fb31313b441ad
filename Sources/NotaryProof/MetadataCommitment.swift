import Crypto

/// How a log entry commits to a report's private metadata: `SHA-256(metadata || salt)`.
///
/// The log publishes only the commitment; the owner keeps the metadata bytes and the salt
/// (they travel in the proof bundle) and can open the commitment later to prove them.
public enum MetadataCommitment {
    /// The 32-byte commitment to `metadata` under `salt`.
    public static func commitment(of metadata: [UInt8], salt: [UInt8]) -> [UInt8] {
        Array(SHA256.hash(data: metadata + salt))
    }
}
