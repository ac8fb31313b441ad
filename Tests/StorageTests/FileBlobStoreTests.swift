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
