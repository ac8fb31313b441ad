import Crypto
import Foundation
import NIOCore

/// A ``BlobStore`` in an S3-compatible bucket.
///
/// A blob with digest `abcdef…` is the object `PREFIX/blobs/ab/cd/abcdef…`. A write hashes
/// as the content streams in. Content that fits in one part (``partSize``) is put straight
/// under its name once its digest is known. Larger content goes up part by part as a
/// multipart upload to a temporary key under `PREFIX/uploads/`, one part in flight while the
/// next fills (so memory stays at two parts however large the blob), which is copied to its
/// name inside the store once the digest is known and checked, and then removed; a failed or
/// refused write aborts the upload. An object appears whole or not at all, as S3 guarantees for single puts, completed uploads
/// and copies. Every request carries the SHA-256 of its payload, which the store checks.
///
/// Credentials and the bucket's address come from an ``S3Location`` and ``S3Credentials``;
/// the bucket must exist. An operator should let the store expire incomplete multipart
/// uploads after a day (a lifecycle rule), which a killed server may leave behind.
public struct S3BlobStore: BlobStore {
    /// The size of each part of a multipart upload, and the largest blob put in one request.
    public static let partSize = 8 * 1024 * 1024
    /// The largest object S3 copies in one request; larger ones are copied part by part.
    static let largestSingleCopy: Int64 = 5 * 1024 * 1024 * 1024
    /// The size of each part when a large object is copied part by part.
    static let copyPartSize: Int64 = 1024 * 1024 * 1024

    /// Where the blobs are.
    public var location: S3Location { client.location }
    private let client: S3Client

    /// A store in the bucket at `location`, signing with `credentials`.
    public init(location: S3Location, credentials: S3Credentials) {
        self.client = S3Client(location: location, credentials: credentials)
    }

    /// The key of the object that holds blob `digest`.
    public func key(of digest: BlobDigest) -> String {
        location.key("blobs/" + digest.shardedPath)
    }

    public func write<Content: AsyncSequence>(
        _ content: Content,
        expectedDigest: BlobDigest?,
        maxSize: Int64?
    ) async throws -> StoredBlob where Content.Element == ByteBuffer {
        var upload: (key: String, id: String)?
        do {
            let (stored, lastPart, etags) = try await receive(content, maxSize: maxSize) { upload = $0 }
            if let expectedDigest, expectedDigest != stored.digest {
                throw StorageError.digestMismatch(expected: expectedDigest.hex, actual: stored.digest.hex)
            }
            guard let upload else {
                // Putting the same bytes under the same name again is harmless, and cheaper
                // than asking first.
                try await client.putObject(key: key(of: stored.digest), body: lastPart)
                return stored
            }
            try await client.completeMultipartUpload(key: upload.key, uploadID: upload.id, etags: etags)
            do {
                if try await client.objectSize(key: key(of: stored.digest)) == nil {
                    try await copy(upload.key, to: key(of: stored.digest), size: stored.size)
                }
            } catch {
                await cleanUp { try await client.deleteObject(key: upload.key) }
                throw error
            }
            await cleanUp { try await client.deleteObject(key: upload.key) }
            return stored
        } catch {
            if let upload {
                await cleanUp { try await client.abortMultipartUpload(key: upload.key, uploadID: upload.id) }
                await cleanUp { try await client.deleteObject(key: upload.key) }
            }
            throw error
        }
    }

    /// Reads `content`, hashing it, and sends every full part as a part of a multipart upload
    /// (started, and reported to `started`, when the first part is full); one part goes up
    /// while the next fills.
    ///
    /// - Returns: The blob's digest and size; the last part when no upload was started (the
    ///   whole content), else an empty buffer; and the ETags of the parts in order.
    private func receive<Content: AsyncSequence>(
        _ content: Content, maxSize: Int64?, started: ((key: String, id: String)) -> Void
    ) async throws -> (StoredBlob, ByteBuffer, [String]) where Content.Element == ByteBuffer {
        var hasher = SHA256()
        var size: Int64 = 0
        var part = ByteBufferAllocator().buffer(capacity: Self.partSize)
        var upload: (key: String, id: String)?
        return try await withThrowingTaskGroup(of: (number: Int, etag: String).self) { sending in
            var etags: [Int: String] = [:]
            var partsSent = 0
            func send(
                _ body: ByteBuffer, to upload: (key: String, id: String), in sending: inout ThrowingTaskGroup<(number: Int, etag: String), any Error>
            ) async throws {
                if partsSent > etags.count, let done = try await sending.next() { etags[done.number] = done.etag }
                partsSent += 1
                let number = partsSent
                sending.addTask { (number, try await client.uploadPart(key: upload.key, uploadID: upload.id, number: number, body: body)) }
            }
            for try await chunk in content {
                var chunk = chunk
                size += Int64(chunk.readableBytes)
                if let maxSize, size > maxSize { throw StorageError.blobTooLarge(limit: maxSize) }
                chunk.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
                while chunk.readableBytes > 0 {
                    var slice = chunk.readSlice(length: min(chunk.readableBytes, Self.partSize - part.readableBytes))!
                    part.writeBuffer(&slice)
                    guard part.readableBytes == Self.partSize else { continue }
                    if upload == nil {
                        let key = location.key("uploads/\(UUID().uuidString.lowercased())")
                        upload = (key, try await client.startMultipartUpload(key: key))
                        started(upload!)
                    }
                    try await send(part, to: upload!, in: &sending)
                    part = ByteBufferAllocator().buffer(capacity: Self.partSize)
                }
            }
            let stored = StoredBlob(digest: BlobDigest(hasher.finalize()), size: size)
            guard let upload else { return (stored, part, []) }
            if part.readableBytes > 0 { try await send(part, to: upload, in: &sending) }
            for try await done in sending { etags[done.number] = done.etag }
            return (stored, ByteBuffer(), (1...partsSent).map { etags[$0]! })
        }
    }

    /// Copies object `source` of `size` bytes to `destination`, in one request when S3 allows
    /// it, else part by part.
    private func copy(_ source: String, to destination: String, size: Int64) async throws {
        guard size > Self.largestSingleCopy else {
            return try await client.copyObject(from: source, to: destination)
        }
        let uploadID = try await client.startMultipartUpload(key: destination)
        do {
            var etags: [String] = []
            for start in stride(from: Int64(0), to: size, by: Int(Self.copyPartSize)) {
                let range = start..<min(start + Self.copyPartSize, size)
                etags.append(try await client.copyPart(from: source, range: range, key: destination, uploadID: uploadID, number: etags.count + 1))
            }
            try await client.completeMultipartUpload(key: destination, uploadID: uploadID, etags: etags)
        } catch {
            await cleanUp { try await client.abortMultipartUpload(key: destination, uploadID: uploadID) }
            throw error
        }
    }

    /// Runs `work`, which removes what a failed write left, even when the write's task was
    /// cancelled; a failure of its own is left for the store's lifecycle rules.
    private func cleanUp(_ work: @escaping @Sendable () async throws -> Void) async {
        await Task.detached { try? await work() }.value
    }

    public func size(of digest: BlobDigest) async throws -> Int64? {
        try await client.objectSize(key: key(of: digest))
    }

    public func read(
        _ digest: BlobDigest,
        range: Range<Int64>?,
        into consume: (ByteBuffer) async throws -> Void
    ) async throws {
        if let range, range.isEmpty || range.lowerBound < 0 {
            // No request asks for no bytes: the object's size alone says whether the range fits.
            guard let size = try await client.objectSize(key: key(of: digest)) else { throw StorageError.blobNotFound(digest.hex) }
            guard range.lowerBound >= 0, range.upperBound <= size else { throw StorageError.rangeNotSatisfiable(requested: range, size: size) }
            return
        }
        guard try await client.readObject(key: key(of: digest), range: range, into: consume) else {
            throw StorageError.blobNotFound(digest.hex)
        }
    }

    public func delete(_ digest: BlobDigest) async throws {
        try await client.deleteObject(key: key(of: digest))
    }

    /// The keys of every object under the store's prefix: blobs, and temporary uploads that
    /// a write is completing or a killed server left.
    public func objectKeys() async throws -> [String] {
        try await client.objectKeys(under: location.key(""))
    }

    /// The keys of the multipart uploads under the store's prefix that were neither completed
    /// nor aborted: writes in progress, or left by a killed server.
    public func unfinishedUploadKeys() async throws -> [String] {
        try await client.unfinishedUploadKeys(under: location.key(""))
    }

    public func checkHealth() async throws {
        let probe = location.key("health/\(UUID().uuidString.lowercased())")
        try await client.putObject(key: probe, body: ByteBuffer(string: "."))
        try await client.deleteObject(key: probe)
    }
}
