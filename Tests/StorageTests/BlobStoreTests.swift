import ChanceryTestSupport
import Crypto
import Foundation
import NIOCore
import Storage
import Testing

/// What every ``BlobStore`` promises, checked on each backend of the run: local files always,
/// an S3 bucket when the run has one (``TestBlobStore``).
@Suite struct BlobStoreTests {
    struct Failure: Error {}

    /// A deterministic byte pattern of `count` bytes: byte `i` is `i * 31 + seed` modulo 256.
    ///
    /// It repeats every 256 bytes, and is made by copying that period rather than byte by byte:
    /// the S3 tests take patterns of tens of megabytes, which a debug build computed for seconds
    /// on one of the two threads every test shares, long enough to make other tests' network
    /// deadlines pass.
    static func pattern(_ count: Int, seed: UInt8 = 7) -> [UInt8] {
        let period = (0..<256).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        while bytes.count < count { bytes += period.prefix(count - bytes.count) }
        return bytes
    }

    /// `bytes` cut into chunks of `size`, as an async sequence of buffers.
    static func chunks(_ bytes: [UInt8], size: Int, failingAfter: Int? = nil) -> AsyncThrowingStream<ByteBuffer, any Error> {
        AsyncThrowingStream { continuation in
            var offset = 0
            var sent = 0
            while offset < bytes.count {
                if let failingAfter, sent == failingAfter {
                    continuation.finish(throwing: Failure())
                    return
                }
                let end = min(offset + size, bytes.count)
                continuation.yield(ByteBuffer(bytes: bytes[offset..<end]))
                offset = end
                sent += 1
            }
            continuation.finish()
        }
    }

    @Test(arguments: TestBlobStore.available)
    func streamsContentInAndOutUnderItsSHA256(backend: TestBlobStore) async throws {
        try await backend.with { store, _ in
            let bytes = Self.pattern(3 * 1024 * 1024 + 17)
            let blob = try await store.write(Self.chunks(bytes, size: 64 * 1024))
            #expect(blob.size == Int64(bytes.count))
            #expect(blob.digest.hex == SHA256.hash(data: bytes).hex)
            #expect(try await store.size(of: blob.digest) == Int64(bytes.count))
            let read = try await store.readAll(blob.digest)
            #expect(Array(read.readableBytesView) == bytes)
        }
    }

    @Test(arguments: TestBlobStore.available)
    func storesTheEmptyBlob(backend: TestBlobStore) async throws {
        try await backend.with { store, _ in
            let blob = try await store.write(Self.chunks([], size: 1))
            #expect(blob == StoredBlob(digest: .of([]), size: 0))
            #expect(try await store.size(of: blob.digest) == 0)
            #expect(try await store.readAll(blob.digest).readableBytes == 0)
        }
    }

    @Test(arguments: TestBlobStore.available)
    func storesTheSameContentOnce(backend: TestBlobStore) async throws {
        try await backend.with { store, contents in
            let bytes = Self.pattern(10_000)
            let first = try await store.write(Self.chunks(bytes, size: 1000))
            let second = try await store.write(Self.chunks(bytes, size: 333))
            #expect(first == second)
            let stored = try await contents()
            #expect(stored.count == 1)
            #expect(stored.first?.hasSuffix(first.digest.hex) == true)
        }
    }

    @Test(arguments: TestBlobStore.available)
    func aFailedWriteLeavesNothingBehind(backend: TestBlobStore) async throws {
        try await backend.with { store, contents in
            let bytes = Self.pattern(100_000)
            await #expect(throws: Failure.self) { try await store.write(Self.chunks(bytes, size: 10_000, failingAfter: 4)) }
            let left = try await contents()
            #expect(left.isEmpty)
            let size = try await store.size(of: .of(bytes))
            #expect(size == nil)
        }
    }

    @Test(arguments: TestBlobStore.available)
    func rejectsContentThatDoesNotMatchTheExpectedDigest(backend: TestBlobStore) async throws {
        try await backend.with { store, contents in
            let bytes = Self.pattern(5000)
            let wrong = BlobDigest.of(Self.pattern(5000, seed: 8))
            await #expect(throws: StorageError.digestMismatch(expected: wrong.hex, actual: BlobDigest.of(bytes).hex)) {
                try await store.write(Self.chunks(bytes, size: 1024), expectedDigest: wrong, maxSize: nil)
            }
            let left = try await contents()
            #expect(left.isEmpty)
            let right = try await store.write(Self.chunks(bytes, size: 1024), expectedDigest: .of(bytes), maxSize: nil)
            #expect(right.digest == .of(bytes))
        }
    }

    @Test(arguments: TestBlobStore.available)
    func stopsAWriteThatGrowsPastItsLimit(backend: TestBlobStore) async throws {
        try await backend.with { store, contents in
            await #expect(throws: StorageError.blobTooLarge(limit: 4096)) {
                try await store.write(Self.chunks(Self.pattern(10_000), size: 1000), expectedDigest: nil, maxSize: 4096)
            }
            let left = try await contents()
            #expect(left.isEmpty)
        }
    }

    @Test(arguments: TestBlobStore.available)
    func readsByteRanges(backend: TestBlobStore) async throws {
        try await backend.with { store, _ in
            let bytes = Self.pattern(1_000_000)
            let blob = try await store.write(Self.chunks(bytes, size: 100_000))
            let middle = try await store.readAll(blob.digest, range: 123_456..<654_321)
            #expect(Array(middle.readableBytesView) == Array(bytes[123_456..<654_321]))
            let tail = try await store.readAll(blob.digest, range: 999_990..<1_000_000)
            #expect(Array(tail.readableBytesView) == Array(bytes[999_990...]))
            let empty = try await store.readAll(blob.digest, range: 10..<10)
            #expect(empty.readableBytes == 0)
            await #expect(throws: StorageError.rangeNotSatisfiable(requested: 999_990..<1_000_001, size: 1_000_000)) {
                try await store.readAll(blob.digest, range: 999_990..<1_000_001)
            }
        }
    }

    @Test(arguments: TestBlobStore.available)
    func reportsMissingBlobs(backend: TestBlobStore) async throws {
        try await backend.with { store, _ in
            let missing = BlobDigest.of(Array("absent".utf8))
            let size = try await store.size(of: missing)
            #expect(size == nil)
            await #expect(throws: StorageError.blobNotFound(missing.hex)) { try await store.readAll(missing) }
        }
    }

    @Test(arguments: TestBlobStore.available)
    func deletesBlobs(backend: TestBlobStore) async throws {
        try await backend.with { store, contents in
            let blob = try await store.write(Self.chunks(Self.pattern(100), size: 10))
            try await store.delete(blob.digest)
            #expect(try await store.size(of: blob.digest) == nil)
            let left = try await contents()
            #expect(left.isEmpty)
            try await store.delete(blob.digest)
        }
    }

    @Test(arguments: TestBlobStore.available)
    func concurrentWritesOfTheSameContentAgree(backend: TestBlobStore) async throws {
        try await backend.with { store, contents in
            let bytes = Self.pattern(200_000)
            let digests = try await withThrowingTaskGroup(of: BlobDigest.self) { group in
                for _ in 0..<8 { group.addTask { try await store.write(Self.chunks(bytes, size: 8192)).digest } }
                return try await group.reduce(into: Set<BlobDigest>()) { $0.insert($1) }
            }
            #expect(digests == [.of(bytes)])
            let stored = try await contents()
            #expect(stored.count == 1)
        }
    }

    @Test(arguments: TestBlobStore.available)
    func aHealthyStoreTakesWritesAndKeepsNoProbe(backend: TestBlobStore) async throws {
        try await backend.with { store, contents in
            try await store.checkHealth()
            let left = try await contents()
            #expect(left.isEmpty)
        }
    }
}
