import ChanceryTestSupport
import Crypto
import Foundation
import NIOCore
import Storage
import Testing

@Suite struct FileBlobStoreTests {
    struct Failure: Error {}

    /// A deterministic byte pattern of `count` bytes.
    static func pattern(_ count: Int, seed: UInt8 = 7) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) }
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

    static func withStore(_ body: (FileBlobStore, String) async throws -> Void) async throws {
        try await TemporaryDirectory.with { directory in
            try await body(try await FileBlobStore(directory: directory), directory)
        }
    }

    static func files(under directory: String) -> [String] {
        (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []).filter { path in
            var isDirectory: ObjCBool = false
            FileManager.default.fileExists(atPath: directory + "/" + path, isDirectory: &isDirectory)
            return !isDirectory.boolValue
        }
    }

    @Test func streamsContentInAndOutUnderItsSHA256() async throws {
        try await Self.withStore { store, _ in
            let bytes = Self.pattern(3 * 1024 * 1024 + 17)
            let blob = try await store.write(Self.chunks(bytes, size: 64 * 1024))
            #expect(blob.size == Int64(bytes.count))
            #expect(blob.digest.hex == SHA256.hash(data: bytes).hex)
            #expect(try await store.size(of: blob.digest) == Int64(bytes.count))
            let read = try await store.readAll(blob.digest)
            #expect(Array(read.readableBytesView) == bytes)
            #expect(store.path(of: blob.digest).hasSuffix("/\(blob.digest.hex.prefix(2))/\(blob.digest.hex.dropFirst(2).prefix(2))/\(blob.digest.hex)"))
        }
    }

    @Test func storesTheSameContentOnce() async throws {
        try await Self.withStore { store, directory in
            let bytes = Self.pattern(10_000)
            let first = try await store.write(Self.chunks(bytes, size: 1000))
            let second = try await store.write(Self.chunks(bytes, size: 333))
            #expect(first == second)
            #expect(Self.files(under: directory) == [String(store.path(of: first.digest).dropFirst(directory.count + 1))])
        }
    }

    @Test func aFailedWriteLeavesNothingBehind() async throws {
        try await Self.withStore { store, directory in
            let bytes = Self.pattern(100_000)
            await #expect(throws: Failure.self) { try await store.write(Self.chunks(bytes, size: 10_000, failingAfter: 4)) }
            #expect(Self.files(under: directory).isEmpty)
            let size = try await store.size(of: .of(bytes))
            #expect(size == nil)
        }
    }

    @Test func rejectsContentThatDoesNotMatchTheExpectedDigest() async throws {
        try await Self.withStore { store, directory in
            let bytes = Self.pattern(5000)
            let wrong = BlobDigest.of(Self.pattern(5000, seed: 8))
            await #expect(throws: StorageError.digestMismatch(expected: wrong.hex, actual: BlobDigest.of(bytes).hex)) {
                try await store.write(Self.chunks(bytes, size: 1024), expectedDigest: wrong, maxSize: nil)
            }
            #expect(Self.files(under: directory).isEmpty)
            let right = try await store.write(Self.chunks(bytes, size: 1024), expectedDigest: .of(bytes), maxSize: nil)
            #expect(right.digest == .of(bytes))
        }
    }

    @Test func stopsAWriteThatGrowsPastItsLimit() async throws {
        try await Self.withStore { store, directory in
            await #expect(throws: StorageError.blobTooLarge(limit: 4096)) {
                try await store.write(Self.chunks(Self.pattern(10_000), size: 1000), expectedDigest: nil, maxSize: 4096)
            }
            #expect(Self.files(under: directory).isEmpty)
        }
    }

    @Test func readsByteRanges() async throws {
        try await Self.withStore { store, _ in
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

    @Test func reportsMissingBlobs() async throws {
        try await Self.withStore { store, _ in
            let missing = BlobDigest.of(Array("absent".utf8))
            let size = try await store.size(of: missing)
            #expect(size == nil)
            await #expect(throws: StorageError.blobNotFound(missing.hex)) { try await store.readAll(missing) }
        }
    }

    @Test func deletesBlobs() async throws {
        try await Self.withStore { store, _ in
            let blob = try await store.write(Self.chunks(Self.pattern(100), size: 10))
            try await store.delete(blob.digest)
            #expect(try await store.size(of: blob.digest) == nil)
            try await store.delete(blob.digest)
        }
    }

    @Test func concurrentWritesOfTheSameContentAgree() async throws {
        try await Self.withStore { store, directory in
            let bytes = Self.pattern(200_000)
            let digests = try await withThrowingTaskGroup(of: BlobDigest.self) { group in
                for _ in 0..<8 { group.addTask { try await store.write(Self.chunks(bytes, size: 8192)).digest } }
                return try await group.reduce(into: Set<BlobDigest>()) { $0.insert($1) }
            }
            #expect(digests == [.of(bytes)])
            #expect(Self.files(under: directory).count == 1)
        }
    }

    @Test func healthCheckFailsWhenTheDirectoryIsGone() async throws {
        try await Self.withStore { store, directory in
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
