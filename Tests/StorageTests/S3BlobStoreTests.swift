import ChanceryTestSupport
import Foundation
import NIOCore
import Storage
import Testing

/// What only the S3 store does: multipart uploads for blobs larger than one part, reads that
/// resume after the connection breaks, and clear failures when the store cannot be reached.
/// Runs when the test run has an S3 endpoint (``TestBlobStore``).
@Suite(.enabled(if: TestBlobStore.s3Location != nil, "needs CHANCERY_TEST_S3 (scripts/test starts moto's S3 server)"))
struct S3BlobStoreTests {
    /// A store under a fresh prefix of the run's bucket, reached at `endpoint` when given.
    static func store(endpoint: URL? = nil) throws -> S3BlobStore {
        var location = try #require(TestBlobStore.s3Location)
        location.prefix = "test-\(UUID().uuidString.lowercased())"
        if let endpoint { location.endpoint = endpoint }
        return S3BlobStore(location: location, credentials: try S3Credentials.from())
    }

    @Test func aBlobLargerThanOnePartGoesUpInPartsAndIsStoredUnderItsDigest() async throws {
        let store = try Self.store()
        let bytes = BlobStoreTests.pattern(2 * S3BlobStore.partSize + 12_345)
        let blob = try await store.write(BlobStoreTests.chunks(bytes, size: 1 << 20))
        #expect(blob == StoredBlob(digest: .of(bytes), size: Int64(bytes.count)))
        #expect(try await store.objectKeys() == [store.key(of: blob.digest)])
        #expect(try await store.unfinishedUploadKeys().isEmpty)
        let read = try await store.readAll(blob.digest, range: Int64(S3BlobStore.partSize - 10)..<Int64(S3BlobStore.partSize + 10))
        #expect(Array(read.readableBytesView) == Array(bytes[(S3BlobStore.partSize - 10)..<(S3BlobStore.partSize + 10)]))
        #expect(Array(try await store.readAll(blob.digest).readableBytesView) == bytes)
    }

    @Test func aLargeWriteThatFailsOrIsRefusedLeavesNoObjectAndNoUpload() async throws {
        let store = try Self.store()
        let bytes = BlobStoreTests.pattern(2 * S3BlobStore.partSize + 1)
        await #expect(throws: BlobStoreTests.Failure.self) {
            try await store.write(BlobStoreTests.chunks(bytes, size: 1 << 20, failingAfter: 10))
        }
        await #expect(throws: StorageError.digestMismatch(expected: BlobDigest.of([]).hex, actual: BlobDigest.of(bytes).hex)) {
            try await store.write(BlobStoreTests.chunks(bytes, size: 1 << 20), expectedDigest: .of([]), maxSize: nil)
        }
        await #expect(throws: StorageError.blobTooLarge(limit: Int64(S3BlobStore.partSize + 1))) {
            try await store.write(BlobStoreTests.chunks(bytes, size: 1 << 20), expectedDigest: nil, maxSize: Int64(S3BlobStore.partSize + 1))
        }
        #expect(try await store.objectKeys().isEmpty)
        #expect(try await store.unfinishedUploadKeys().isEmpty)
    }

    @Test func aReadCutOffMidwayResumesWhereItStopped() async throws {
        let location = try #require(TestBlobStore.s3Location)
        let endpoint = try #require(location.endpoint)
        let relay = try await TCPRelay.start(to: try #require(endpoint.port))
        defer { Task { await relay.stop() } }
        let direct = try Self.store()
        let bytes = BlobStoreTests.pattern(3 * S3BlobStore.partSize)
        let blob = try await direct.write(BlobStoreTests.chunks(bytes, size: 1 << 20))
        var relayed = direct.location
        relayed.endpoint = URL(string: "http://127.0.0.1:\(relay.port)")
        let store = S3BlobStore(location: relayed, credentials: try S3Credentials.from())

        var received: [UInt8] = []
        var connectionsAtCut: Int?
        try await store.read(blob.digest, range: nil) { chunk in
            received += chunk.readableBytesView
            if connectionsAtCut == nil {
                connectionsAtCut = relay.connectionsRelayed
                await relay.cut()
                relay.restore()
            }
        }
        #expect(received == bytes)
        // The bytes after the cut came over a connection opened after it.
        #expect(relay.connectionsRelayed > (connectionsAtCut ?? .max))
    }

    @Test func aStoreThatCannotBeReachedFailsWithAClearError() async throws {
        let relay = try await TCPRelay.start(to: 9)
        await relay.cut()
        let store = try Self.store(endpoint: URL(string: "http://127.0.0.1:\(relay.port)"))
        do {
            try await store.checkHealth()
            Issue.record("a store behind a cut relay answered")
        } catch let StorageError.objectStore(operation, status, _, _) {
            #expect(operation.hasPrefix("store object"))
            #expect(status == 0)
        }
        await relay.stop()
    }
}
