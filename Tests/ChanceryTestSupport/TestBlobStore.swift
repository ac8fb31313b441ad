import Foundation
import Storage

/// The blob store backends a test run exercises: local files always, and an S3 bucket when
/// `CHANCERY_TEST_S3` names one (`s3://BUCKET?endpoint=URL`, with the credentials in
/// `AWS_ACCESS_KEY_ID` and `AWS_SECRET_ACCESS_KEY`; `scripts/test` starts moto's server for it).
///
/// ```swift
/// @Test(arguments: TestBlobStore.available)
/// func roundTrip(backend: TestBlobStore) async throws {
///     try await backend.with { store, contents in … }
/// }
/// ```
public enum TestBlobStore: String, Sendable, CustomStringConvertible {
    /// A ``FileBlobStore`` in a temporary directory.
    case files
    /// An ``S3BlobStore`` under a prefix of its own in the bucket of `CHANCERY_TEST_S3`.
    case s3

    /// The S3 bucket of this run, or `nil` when it has none.
    public static var s3Location: S3Location? {
        guard let text = ProcessInfo.processInfo.environment["CHANCERY_TEST_S3"], !text.isEmpty else { return nil }
        return try? S3Location(parsing: text)
    }

    /// The backends of this run.
    public static var available: [TestBlobStore] {
        s3Location == nil ? [.files] : [.files, .s3]
    }

    public var description: String { rawValue }

    /// Runs `body` with an empty store of this backend and a function that lists what the
    /// store holds: every file under its directory, or every object and unfinished upload
    /// under its prefix.
    public func with<Result>(
        _ body: (any BlobStore, _ contents: @escaping @Sendable () async throws -> [String]) async throws -> Result
    ) async throws -> Result {
        switch self {
        case .files:
            return try await TemporaryDirectory.with { directory in
                let store = try await FileBlobStore(directory: directory)
                return try await body(store, { Self.files(under: directory) })
            }
        case .s3:
            guard var location = Self.s3Location else { throw StorageError.invalidBlobStoreURL("CHANCERY_TEST_S3 is not set") }
            location.prefix = "test-\(UUID().uuidString.lowercased())"
            let store = S3BlobStore(location: location, credentials: try S3Credentials.from())
            return try await body(store, { try await store.objectKeys() + store.unfinishedUploadKeys() })
        }
    }

    /// The paths of the files (not directories) under `directory`.
    private static func files(under directory: String) -> [String] {
        (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []).filter { path in
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: directory + "/" + path, isDirectory: &isDirectory)
            return !isDirectory.boolValue
        }
    }
}
