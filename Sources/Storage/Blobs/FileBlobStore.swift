import Crypto
import Foundation
import NIOCore
import _NIOFileSystem

/// A ``BlobStore`` in a local directory.
///
/// A blob with digest `abcdef…` lives at `ab/cd/abcdef…`. A write streams into a file under
/// `tmp/`, hashing as it goes, in blocks of 1 MiB: each block is written (and its writeback
/// to the disk started) on the file system's threads while the next one arrives and is
/// hashed. The file is fsynced, renamed into place (an atomic step on one file system) and the
/// directory that now holds it is fsynced too, so a blob is either wholly present or absent
/// after a crash.
///
/// Blob and temporary files are created `0600` and the directories `0700`, wherever the
/// store lies: only the server's own user may read what clients stored.
public struct FileBlobStore: BlobStore {
    /// The directory that holds the blobs.
    public var directory: String { root.string }
    private let root: FilePath
    private var temporaryDirectory: FilePath { root.appending("tmp") }
    private static let readChunkLength = ByteCount.kibibytes(256)
    /// The size of the blocks a blob's content is gathered into: one thread-pool write per MiB
    /// rather than one per body chunk (often a few KiB).
    private static let writeLength = 1 << 20
    /// How every file of the store is created: new, owner read and write only.
    private static let newFile = OpenOptions.Write.newFile(replaceExisting: false, permissions: [.ownerReadWrite])

    /// Opens (creating if needed) a blob store in `directory`.
    public init(directory: String) async throws {
        self.root = FilePath(directory)
        try await Self.createDirectoryIfMissing(temporaryDirectory)
    }

    /// The path of the file that holds the blob `digest`.
    public func path(of digest: BlobDigest) -> String {
        filePath(of: digest).string
    }

    private func filePath(of digest: BlobDigest) -> FilePath {
        root.appending(digest.shardedPath)
    }

    public func write<Content: AsyncSequence>(
        _ content: Content,
        expectedDigest: BlobDigest?,
        maxSize: Int64?
    ) async throws -> StoredBlob where Content.Element == ByteBuffer {
        let temporaryPath = temporaryDirectory.appending(UUID().uuidString)
        let stored: StoredBlob
        do {
            stored = try await FileSystem.shared.withFileHandle(forWritingAt: temporaryPath, options: Self.newFile) { handle in
                try await withThrowingTaskGroup(of: Void.self) { writes in
                    var hasher = SHA256()
                    var size: Int64 = 0
                    var written: Int64 = 0
                    var pending = ByteBufferAllocator().buffer(capacity: Self.writeLength)
                    for try await chunk in content {
                        size += Int64(chunk.readableBytes)
                        if let maxSize, size > maxSize { throw StorageError.blobTooLarge(limit: maxSize) }
                        chunk.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
                        var chunk = chunk
                        pending.writeBuffer(&chunk)
                        guard pending.readableBytes >= Self.writeLength else { continue }
                        // One write in flight: the next block arrives and is hashed meanwhile.
                        try await writes.next()
                        writes.addTask { [pending, written] in try await Self.writeBlock(pending, at: written, to: handle) }
                        written += Int64(pending.readableBytes)
                        pending = ByteBufferAllocator().buffer(capacity: Self.writeLength)
                    }
                    try await writes.next()
                    if pending.readableBytes > 0 { try await Self.writeBlock(pending, at: written, to: handle) }
                    try await handle.synchronize()
                    return StoredBlob(digest: BlobDigest(hasher.finalize()), size: size)
                }
            }
            if let expectedDigest, expectedDigest != stored.digest {
                throw StorageError.digestMismatch(expected: expectedDigest.hex, actual: stored.digest.hex)
            }
            try await moveIntoPlace(temporaryPath, digest: stored.digest)
        } catch {
            _ = try? await FileSystem.shared.removeItem(at: temporaryPath)
            throw error
        }
        return stored
    }

    /// Writes `block` at `offset` of the file behind `handle`, then asks the kernel to start
    /// putting those pages on the disk, so that the blob's final fsync finds little left to do.
    private static func writeBlock(_ block: ByteBuffer, at offset: Int64, to handle: WriteFileHandle) async throws {
        try await handle.withUnsafeDescriptor { descriptor in
            _ = try block.withUnsafeReadableBytes { try descriptor.writeAll(toAbsoluteOffset: offset, $0) }
            FileWriteback.start(descriptor, offset: offset, count: Int64(block.readableBytes))
        }
    }

    /// Renames a finished temporary file to its content address and makes the rename durable.
    private func moveIntoPlace(_ temporaryPath: FilePath, digest: BlobDigest) async throws {
        let destination = filePath(of: digest)
        let directory = destination.removingLastComponent()
        try await Self.createDirectoryIfMissing(directory)
        do {
            try await FileSystem.shared.moveItem(at: temporaryPath, to: destination)
        } catch let error as FileSystemError where error.code == .fileAlreadyExists {
            // The same content is already stored; its name proves it is identical.
            _ = try await FileSystem.shared.removeItem(at: temporaryPath)
            return
        }
        try await FileSystem.shared.withDirectoryHandle(atPath: directory) { try await $0.synchronize() }
    }

    public func size(of digest: BlobDigest) async throws -> Int64? {
        try await FileSystem.shared.info(forFileAt: filePath(of: digest), infoAboutSymbolicLink: false).map { $0.size }
    }

    public func read(
        _ digest: BlobDigest,
        range: Range<Int64>?,
        into consume: (ByteBuffer) async throws -> Void
    ) async throws {
        do {
            try await FileSystem.shared.withFileHandle(forReadingAt: filePath(of: digest)) { handle in
                let size = try await handle.info().size
                let wanted = range ?? 0..<size
                guard wanted.lowerBound >= 0, wanted.upperBound <= size else {
                    throw StorageError.rangeNotSatisfiable(requested: wanted, size: size)
                }
                for try await chunk in handle.readChunks(in: wanted, chunkLength: Self.readChunkLength) {
                    try await consume(chunk)
                }
            }
        } catch let error as FileSystemError where error.code == .notFound {
            throw StorageError.blobNotFound(digest.hex)
        }
    }

    public func delete(_ digest: BlobDigest) async throws {
        _ = try await FileSystem.shared.removeItem(at: filePath(of: digest))
    }

    public func checkHealth() async throws {
        let probe = temporaryDirectory.appending("health-\(UUID().uuidString)")
        try await FileSystem.shared.withFileHandle(forWritingAt: probe, options: Self.newFile) { handle in
            _ = try await handle.write(contentsOf: [0x2E], toAbsoluteOffset: 0)
        }
        _ = try await FileSystem.shared.removeItem(at: probe)
    }

    private static func createDirectoryIfMissing(_ path: FilePath) async throws {
        do {
            try await FileSystem.shared.createDirectory(at: path, withIntermediateDirectories: true, permissions: [.ownerReadWriteExecute])
        } catch let error as FileSystemError where error.code == .fileAlreadyExists {
            return
        }
    }
}
