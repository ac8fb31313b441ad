import Crypto
import Foundation
import NIOCore
import _NIOFileSystem

/// A ``BlobStore`` in a local directory.
///
/// A blob with digest `abcdef…` lives at `ab/cd/abcdef…`. A write streams into a file under
/// `tmp/`, hashing as it goes, in page-aligned blocks of 1 MiB: each block is written on the
/// file system's threads while the next one arrives and is hashed, by direct I/O where the
/// file system allows it (past the page cache: no copy into it, no writeback later), otherwise
/// through the page cache with its writeback started at once. The file is fsynced, renamed into
/// place (an atomic step on one file system) and the directory that now holds it is fsynced
/// too, so a blob is either wholly present or absent after a crash.
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

    /// Whether writes go past the page cache where the file system allows it.
    private let directWrites: Bool

    /// Opens (creating if needed) a blob store in `directory`.
    ///
    /// - Parameter directWrites: Whether blobs are written by direct I/O where the file system
    ///   allows it (the default); `false` writes them through the page cache.
    public init(directory: String, directWrites: Bool = true) async throws {
        self.root = FilePath(directory)
        self.directWrites = directWrites
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
                try await withThrowingTaskGroup(of: AlignedBlock.self) { writes in
                    var hasher = SHA256()
                    var size: Int64 = 0
                    var written: Int64 = 0
                    var block = AlignedBlock(capacity: Self.writeLength)
                    // Whether whole blocks go by direct I/O: tried at the first one, so that a blob
                    // smaller than a block goes to the page cache in one write and nothing else.
                    var direct: Bool?
                    for try await chunk in content {
                        size += Int64(chunk.readableBytes)
                        if let maxSize, size > maxSize { throw StorageError.blobTooLarge(limit: maxSize) }
                        chunk.withUnsafeReadableBytes { hasher.update(bufferPointer: $0) }
                        var rest = chunk
                        while rest.readableBytes > 0 {
                            rest.moveReaderIndex(forwardBy: rest.withUnsafeReadableBytes { block.append($0) })
                            guard block.isFull else { continue }
                            if direct == nil {
                                direct = directWrites ? try await handle.withUnsafeDescriptor { FileWriteback.enableDirect($0) } : false
                            }
                            // One write in flight: the next block fills meanwhile, in the memory
                            // of the write before.
                            let free = try await writes.next()
                            writes.addTask { [block, written, direct] in
                                try await Self.writeBlock(block, at: written, to: handle, direct: direct == true)
                                return block
                            }
                            written += Int64(Self.writeLength)
                            block = free ?? AlignedBlock(capacity: Self.writeLength)
                            block.clear()
                        }
                    }
                    _ = try await writes.next()
                    if block.count > 0 {
                        try await handle.withUnsafeDescriptor { [block, written, direct] descriptor in
                            // The last block need not be whole pages, which a direct write needs.
                            if direct == true { try FileWriteback.disableDirect(descriptor) }
                            _ = try block.withBytes { try descriptor.writeAll(toAbsoluteOffset: written, $0) }
                        }
                    }
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

    /// Writes the whole `block` at `offset` of the file behind `handle`: straight to the disk when
    /// the file takes `direct` writes, otherwise into the page cache, asking the kernel to start
    /// putting those pages on the disk so that the blob's final fsync finds little left to do.
    private static func writeBlock(_ block: AlignedBlock, at offset: Int64, to handle: WriteFileHandle, direct: Bool) async throws {
        try await handle.withUnsafeDescriptor { descriptor in
            try block.withBytes { bytes in
                do {
                    _ = try descriptor.writeAll(toAbsoluteOffset: offset, bytes)
                } catch let error as Errno where error == .invalidArgument && direct {
                    // The file system took the flag but refuses the write: the page cache it is.
                    try FileWriteback.disableDirect(descriptor)
                    _ = try descriptor.writeAll(toAbsoluteOffset: offset, bytes)
                }
                if !direct { FileWriteback.start(descriptor, offset: offset, count: Int64(bytes.count)) }
            }
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
