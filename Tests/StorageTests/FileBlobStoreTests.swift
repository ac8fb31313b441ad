import ChanceryTestSupport
import Foundation
import NIOCore
import Storage
import Testing

/// What only the file store does: its layout on disk and its health check. What every blob
/// store promises is in ``BlobStoreTests``.
@Suite struct FileBlobStoreTests {
    @Test func keepsABlobUnderTwoLevelsOfItsDigest() async throws {
        try await TemporaryDirectory.with { directory in
            let store = try await FileBlobStore(directory: directory)
            let blob = try await store.write(BlobStoreTests.chunks(BlobStoreTests.pattern(10_000), size: 1000))
            let hex = blob.digest.hex
            #expect(store.path(of: blob.digest) == "\(directory)/\(hex.prefix(2))/\(hex.dropFirst(2).prefix(2))/\(hex)")
            #expect(FileManager.default.fileExists(atPath: store.path(of: blob.digest)))
        }
    }

    /// Content of several of the store's 1 MiB write blocks is written while the next block
    /// arrives: in chunks that straddle the blocks, and in chunks larger than a block, whether
    /// its length is whole blocks, has a remainder or is less than one block, by direct I/O and
    /// through the page cache, the file holds every byte in order.
    @Test(
        arguments: [
            (size: (5 << 20) + 12_345, chunkSize: 70_001), (size: (5 << 20) + 12_345, chunkSize: 2_500_000),
            (size: 4 << 20, chunkSize: 65_536), (size: 1_000, chunkSize: 300), (size: 0, chunkSize: 1),
        ], [true, false])
    func storesContentOfManyWriteBlocksByteForByte(layout: (size: Int, chunkSize: Int), directWrites: Bool) async throws {
        try await TemporaryDirectory.with { directory in
            let store = try await FileBlobStore(directory: directory, directWrites: directWrites)
            let bytes = BlobStoreTests.pattern(layout.size, seed: UInt8(truncatingIfNeeded: layout.chunkSize))
            let blob = try await store.write(BlobStoreTests.chunks(bytes, size: layout.chunkSize))
            #expect(blob.digest == .of(bytes))
            #expect(blob.size == Int64(bytes.count))
            let stored = try #require(FileManager.default.contents(atPath: store.path(of: blob.digest)))
            #expect(stored == Data(bytes))
        }
    }

    #if os(Linux)
    /// A blob written by direct I/O went past the page cache: of its whole blocks, none is left
    /// in memory (only the last, partial block goes through the cache); written through the
    /// page cache, the blob is all there.
    @Test func directWritesLeaveThePageCacheAlone() async throws {
        try await TemporaryDirectory.with { directory in
            let bytes = BlobStoreTests.pattern((4 << 20) + 100, seed: 7)
            let direct = try await FileBlobStore(directory: directory + "/direct")
            let cached = try await FileBlobStore(directory: directory + "/cached", directWrites: false)
            let directPath = direct.path(of: try await direct.write(BlobStoreTests.chunks(bytes, size: 100_000)).digest)
            let cachedPath = cached.path(of: try await cached.write(BlobStoreTests.chunks(bytes, size: 100_000)).digest)
            let pages = (bytes.count + PageCache.pageSize - 1) / PageCache.pageSize
            #expect(try PageCache.residentPages(of: directPath) <= 1)
            #expect(try PageCache.residentPages(of: cachedPath) == pages)
        }
    }
    #endif

    /// A write that fails after some blocks are on their way to the disk leaves no file, in the
    /// store or in its temporary directory.
    @Test func aWriteFailingWithABlockInFlightLeavesNoFile() async throws {
        try await TemporaryDirectory.with { directory in
            let store = try await FileBlobStore(directory: directory)
            let bytes = BlobStoreTests.pattern(4 << 20)
            await #expect(throws: BlobStoreTests.Failure.self) {
                try await store.write(BlobStoreTests.chunks(bytes, size: 300_000, failingAfter: 9))
            }
            let files = try FileManager.default.subpathsOfDirectory(atPath: directory).filter { path in
                var isDirectory: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: "\(directory)/\(path)", isDirectory: &isDirectory)
                return !isDirectory.boolValue
            }
            #expect(files.isEmpty)
        }
    }

    @Test func healthCheckFailsWhenTheDirectoryIsGone() async throws {
        try await TemporaryDirectory.with { directory in
            let store = try await FileBlobStore(directory: directory)
            try await store.checkHealth()
            try FileManager.default.removeItem(atPath: directory)
            await #expect(throws: (any Error).self) { try await store.checkHealth() }
        }
    }

    @Test func digestsValidateTheirText() throws {
        #expect(throws: StorageError.invalidDigest("xyz")) { try BlobDigest(hex: "xyz") }
        let upper = String(repeating: "AB", count: 32)
        #expect(try BlobDigest(hex: upper).hex == String(repeating: "ab", count: 32))
        #expect(throws: StorageError.self) { try BlobDigest(hex: String(repeating: "g", count: 64)) }
    }
}
