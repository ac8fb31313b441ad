import NIOCore

/// Content-addressed storage for large byte strings: uploaded files, signed PDFs, measurement
/// archives.
///
/// Blobs are named by the SHA-256 of their content, so writing the same bytes twice stores
/// them once, and a name can be checked against the bytes it names. Writes and reads stream:
/// no implementation holds a whole blob in memory.
///
/// ```swift
/// let blob = try await store.write(request.body)
/// try await store.read(blob.digest, range: 0..<1024) { chunk in try await writer.write(chunk) }
/// ```
public protocol BlobStore: Sendable {
    /// Streams `content` into the store and returns its digest once the bytes are durable.
    ///
    /// Either the whole content is stored or nothing is: a failing sequence, a digest
    /// mismatch or a size over `maxSize` leaves no blob and no partial file behind.
    ///
    /// - Parameters:
    ///   - content: The bytes, in chunks.
    ///   - expectedDigest: When given, the write fails with ``StorageError/digestMismatch(expected:actual:)``
    ///     unless the content hashes to it.
    ///   - maxSize: When given, the write fails with ``StorageError/blobTooLarge(limit:)`` as
    ///     soon as the content grows past it.
    func write<Content: AsyncSequence>(
        _ content: Content,
        expectedDigest: BlobDigest?,
        maxSize: Int64?
    ) async throws -> StoredBlob where Content.Element == ByteBuffer

    /// The size of the blob named `digest`, or `nil` when there is none.
    func size(of digest: BlobDigest) async throws -> Int64?

    /// Streams the bytes of a blob, or of the byte range `range` of it, to `consume`.
    ///
    /// - Throws: ``StorageError/blobNotFound(_:)`` when there is no such blob,
    ///   ``StorageError/rangeNotSatisfiable(requested:size:)`` when `range` reaches past its end.
    func read(
        _ digest: BlobDigest,
        range: Range<Int64>?,
        into consume: (ByteBuffer) async throws -> Void
    ) async throws

    /// Removes a blob. Removing a blob that is not there is not an error.
    func delete(_ digest: BlobDigest) async throws

    /// Throws unless the store can take writes now.
    func checkHealth() async throws
}

extension BlobStore {
    /// Streams `content` into the store with no digest check and no size limit.
    public func write<Content: AsyncSequence>(_ content: Content) async throws -> StoredBlob where Content.Element == ByteBuffer {
        try await write(content, expectedDigest: nil, maxSize: nil)
    }

    /// Stores the bytes of `buffer`, for content already in memory.
    public func write(_ buffer: ByteBuffer) async throws -> StoredBlob {
        let content = AsyncStream<ByteBuffer> { continuation in
            continuation.yield(buffer)
            continuation.finish()
        }
        return try await write(content)
    }

    /// Reads a whole blob into one buffer. Meant for small blobs; stream large ones with
    /// ``read(_:range:into:)``.
    public func readAll(_ digest: BlobDigest, range: Range<Int64>? = nil) async throws -> ByteBuffer {
        var result = ByteBuffer()
        try await read(digest, range: range) { chunk in
            var chunk = chunk
            result.writeBuffer(&chunk)
        }
        return result
    }
}
