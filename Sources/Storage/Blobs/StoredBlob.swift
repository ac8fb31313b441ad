/// What a ``BlobStore`` reports for a blob it holds durably.
public struct StoredBlob: Hashable, Sendable, Codable {
    /// The SHA-256 digest of the content, which is also its name.
    public let digest: BlobDigest
    /// The content's length in bytes.
    public let size: Int64

    /// Creates a description of a stored blob.
    public init(digest: BlobDigest, size: Int64) {
        self.digest = digest
        self.size = size
    }
}
