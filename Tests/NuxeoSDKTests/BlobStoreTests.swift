import ChanceryTestSupport
import Foundation
import NuxeoSDK
import Testing

/// The blob store's LRU eviction and digests, in a temporary directory.
struct BlobStoreTests {
    /// A new file of `size` bytes in `directory`, named `name`.
    static func file(_ name: String, size: Int = 10, in directory: String) throws -> String {
        let path = URL(fileURLWithPath: directory).appendingPathComponent("inputs/\(name)")
        try FileManager.default.createDirectory(at: path.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(repeating: UInt8(truncatingIfNeeded: name.hashValue), count: size).write(to: path)
        return path.path
    }

    @Test func evictsLeastRecentlyUsedByCount() async throws {
        try await TemporaryDirectory.with { directory in
            let store = NUXBlobStore(directory: URL(fileURLWithPath: directory).appendingPathComponent("store"))
            #expect(store.countLimit == 100 && store.sizeLimit == -1)
            store.countLimit = 10
            for index in 0..<12 {
                let path = try store.saveBlob(fromPath: try Self.file("f\(index).bin", in: directory), withDigest: "d\(index)")
                #expect(path.hasSuffix("org.nuxeo.cache.blob/d\(index)/f\(index).bin"))
            }
            #expect(store.count == 10)
            #expect(!store.hasBlob("d0") && !store.hasBlob("d1"))
            #expect(store.hasBlob("d2") && store.hasBlob("d11"))

            let read = try #require(store.blob("d2"))
            #expect(FileManager.default.contents(atPath: read)?.count == 10)
            try store.saveBlob(fromPath: try Self.file("f12.bin", in: directory), withDigest: "d12")
            #expect(store.hasBlob("d2"), "reading made it the most recently used")
            #expect(!store.hasBlob("d3"), "the least recently used went")
            #expect(store.count == 10)

            store.countLimit = 3
            #expect(store.count == 3)
            #expect(store.hasBlob("d2") && store.hasBlob("d11") && store.hasBlob("d12"))
            #expect(store.blob("d3") == nil)
        }
    }

    @Test func evictsLeastRecentlyUsedBySize() async throws {
        try await TemporaryDirectory.with { directory in
            let store = NUXBlobStore(directory: URL(fileURLWithPath: directory).appendingPathComponent("store"))
            store.sizeLimit = 100
            for index in 0..<3 {
                try store.saveBlob(fromPath: try Self.file("s\(index)", size: 40, in: directory), withDigest: "s\(index)")
            }
            #expect(store.count == 2)
            #expect(store.size == 80)
            #expect(!store.hasBlob("s0") && store.hasBlob("s1") && store.hasBlob("s2"))

            _ = store.blob("s1")
            try store.saveBlob(fromPath: try Self.file("s3", size: 50, in: directory), withDigest: "s3")
            #expect(store.hasBlob("s1") && store.hasBlob("s3") && !store.hasBlob("s2"))
            #expect(store.size == 90)

            #expect(throws: NUXError.blobTooLarge(size: 150, limit: 100)) {
                try store.saveBlob(fromPath: try Self.file("big", size: 150, in: directory), withDigest: "big")
            }
            #expect(store.size == 90 && store.count == 2)

            store.sizeLimit = 60
            #expect(store.count == 1 && store.hasBlob("s3"))
        }
    }

    @Test func orderIsRebuiltFromModificationDates() async throws {
        try await TemporaryDirectory.with { directory in
            let storeDirectory = URL(fileURLWithPath: directory).appendingPathComponent("store")
            let store = NUXBlobStore(directory: storeDirectory)
            let base = Date(timeIntervalSince1970: 1_700_000_000)
            // Saved in one order, last used in another: b, then c, then a.
            for (name, minutes) in [("a", 30.0), ("b", 10.0), ("c", 20.0)] {
                let path = try store.saveBlob(fromPath: try Self.file(name, size: 5, in: directory), withDigest: name)
                try FileManager.default.setAttributes([.modificationDate: base.addingTimeInterval(minutes * 60)], ofItemAtPath: path)
            }

            let reopened = NUXBlobStore(directory: storeDirectory)
            #expect(reopened.count == 3)
            #expect(reopened.size == 15)
            reopened.countLimit = 2
            #expect(!reopened.hasBlob("b"), "the oldest modification date is the least recently used")
            reopened.countLimit = 1
            #expect(reopened.hasBlob("a") && !reopened.hasBlob("c"))
        }
    }

    @Test func blobsOfDocumentsAreCheckedAgainstTheirDigest() async throws {
        try await TemporaryDirectory.with { directory in
            let store = NUXBlobStore(directory: URL(fileURLWithPath: directory).appendingPathComponent("store"))
            let contents = Data("Hello, Nuxeo!".utf8)
            let path = URL(fileURLWithPath: directory).appendingPathComponent("download.tmp")
            try contents.write(to: path)
            let md5 = "12f1c11e4f9d37e8cab5e3776f4ed82c"

            var document = NUXDocument(type: "File")
            document.properties["file:content"] = ["name": "hello.txt", "digestAlgorithm": "MD5", "digest": .string(md5), "length": "13"]
            #expect(!store.hasBlob(fromDocument: document, metadataXPath: "file:content"))
            let saved = try store.saveBlob(fromPath: path.path, withDocument: document, metadataXPath: "file:content")
            #expect(saved.hasSuffix("org.nuxeo.cache.blob/\(md5)/hello.txt"))
            #expect(store.hasBlob(fromDocument: document, metadataXPath: "file:content"))
            #expect(store.blob(fromDocument: document, metadataXPath: "file:content") == saved)
            #expect(FileManager.default.contents(atPath: saved) == contents)

            // Without an algorithm, the digest's length tells it: 64 hex digits are SHA-256.
            let sha256 = "196b3bddcc7faad4a08edb7c84054021fca32443083b9ebf3f14ca15fd939179"
            document.properties["files:files"] = [["file": ["name": "copy.txt", "digest": .string(sha256)]]]
            try store.saveBlob(fromPath: path.path, withDocument: document, metadataXPath: "files:files/0/file")
            #expect(store.hasBlob(sha256))

            var tampered = document
            tampered.properties["file:content"] = ["name": "hello.txt", "digestAlgorithm": "MD5", "digest": "00000000000000000000000000000000"]
            #expect(throws: NUXError.digestMismatch(expected: "00000000000000000000000000000000", actual: md5)) {
                try store.saveBlob(fromPath: path.path, withDocument: tampered, metadataXPath: "file:content")
            }
            #expect(throws: NUXError.missingBlobMetadata(xpath: "note:note")) {
                try store.saveBlob(fromPath: path.path, withDocument: document, metadataXPath: "note:note")
            }

            #expect(store.removeBlob(fromDocument: tampered, metadataXPath: "file:content") == false)
            #expect(store.removeBlob(md5))
            #expect(!store.hasBlob(md5))
        }
    }

    @Test func digestsThatCannotNameADirectory() async throws {
        try await TemporaryDirectory.with { directory in
            let store = NUXBlobStore(directory: URL(fileURLWithPath: directory).appendingPathComponent("store"))
            let file = try Self.file("x", in: directory)
            for digest in ["", "..", "a/b"] {
                #expect(throws: NUXError.invalidDigest(digest)) { try store.saveBlob(fromPath: file, withDigest: digest) }
                #expect(store.blob(digest) == nil)
            }
        }
    }

    @Test func resetRemovesEverything() async throws {
        try await TemporaryDirectory.with { directory in
            let storeDirectory = URL(fileURLWithPath: directory).appendingPathComponent("store")
            let store = NUXBlobStore(directory: storeDirectory)
            try store.saveBlob(fromPath: try Self.file("r", in: directory), withDigest: "r")
            try store.reset()
            #expect(store.count == 0 && store.size == 0 && !store.hasBlob("r"))
            #expect(NUXBlobStore(directory: storeDirectory).count == 0)
            try store.saveBlob(fromPath: try Self.file("r2", in: directory), withDigest: "r2")
            #expect(store.count == 1)
        }
    }
}
