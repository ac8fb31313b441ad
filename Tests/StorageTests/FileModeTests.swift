import ChanceryTestSupport
import Foundation
import Logging
import SQLKit
import Storage
import Testing

/// The database and blob files are readable by the server's user only, whatever the umask.
@Suite(.serialized) struct FileModeTests {
    /// The permission bits of the file at `path`.
    static func mode(of path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    /// Runs `body` with a permissive umask (`022`), restoring the previous one after.
    static func withPermissiveUmask<T>(_ body: () async throws -> T) async rethrows -> T {
        let previous = umask(0o022)
        defer { umask(previous) }
        return try await body()
    }

    @Test func blobAndDirectoriesAreOwnerOnly() async throws {
        try await TemporaryDirectory.with { directory in
            try await Self.withPermissiveUmask {
                let store = try await FileBlobStore(directory: directory + "/blobs")
                let blob = try await store.write(BlobStoreTests.chunks(BlobStoreTests.pattern(5000), size: 1000))
                #expect(try Self.mode(of: store.path(of: blob.digest)) == 0o600)
                #expect(try Self.mode(of: directory + "/blobs/tmp") == 0o700)
                #expect(try Self.mode(of: URL(fileURLWithPath: store.path(of: blob.digest)).deletingLastPathComponent().path) == 0o700)
            }
        }
    }

    @Test func sqliteFilesAreOwnerOnlyAndWiderOnesAreNarrowed() async throws {
        try await TemporaryDirectory.with { directory in
            try await Self.withPermissiveUmask {
                let path = directory + "/chancery.sqlite"
                let database = try await Database.open(.sqlite(path: path), logger: Logger(label: "test"))
                try await database.withConnection { sql in try await sql.raw("CREATE TABLE probe (x INTEGER)").run() }
                for file in [path, path + "-wal", path + "-shm"] {
                    #expect(try Self.mode(of: file) == 0o600, "\(file)")
                }
                try await database.close()
                try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path)
                let reopened = try await Database.open(.sqlite(path: path), logger: Logger(label: "test"))
                #expect(try Self.mode(of: path) == 0o600)
                try await reopened.close()
            }
        }
    }
}
