/// A file of an upload batch, complete or still receiving chunks.
public struct UploadedFile: Sendable, Hashable {
    /// Its index in the batch.
    public let index: Int
    /// Its file name.
    public let name: String
    /// Its MIME type, after detection from the name when the client sent a generic one.
    public let mimeType: String
    /// Its full size in bytes, as announced (or as received, for a one-piece upload).
    public let size: Int64
    /// How many chunks make it up: 1 for a one-piece upload.
    public let chunkCount: Int
    /// The indexes of the chunks received so far, sorted.
    public let uploadedChunks: [Int]
    /// The SHA-256 of the whole content once complete.
    public let digest: String?
    /// Whether it was sent in chunks.
    public let isChunked: Bool

    /// Whether every chunk has arrived.
    public var isComplete: Bool { digest != nil }

    /// The blob the file becomes once complete.
    public var blob: BlobInfo? {
        digest.map { BlobInfo(name: name, mimeType: mimeType, digest: $0, length: size) }
    }
}
