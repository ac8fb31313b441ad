import Foundation

/// Where Chancery keeps its blobs: a local directory (the embedded default) or an
/// S3-compatible bucket, which several instances of the server can share.
public enum BlobStoreLocation: Sendable, Equatable, CustomStringConvertible {
    /// A directory on a local file system.
    case directory(String)
    /// A bucket of an S3-compatible object store.
    case s3(S3Location)

    /// Parses `file:///path`, `file:path`, a bare directory path or
    /// `s3://BUCKET[/PREFIX]?endpoint=URL&region=REGION`.
    ///
    /// - Throws: ``StorageError/invalidBlobStoreURL(_:)`` for any other scheme.
    public init(parsing text: String) throws {
        if text.hasPrefix("s3://") {
            self = .s3(try S3Location(parsing: text))
        } else if text.hasPrefix("file://") {
            self = .directory(String(text.dropFirst("file://".count)))
        } else if text.hasPrefix("file:") {
            self = .directory(String(text.dropFirst("file:".count)))
        } else if !text.contains("://"), !text.isEmpty {
            self = .directory(text)
        } else {
            throw StorageError.invalidBlobStoreURL(text)
        }
    }

    /// The embedded default: `blobs/` inside the data directory.
    public static func embedded(in dataDirectory: String) -> BlobStoreLocation {
        .directory(URL(fileURLWithPath: dataDirectory).appendingPathComponent("blobs").path)
    }

    /// Opens the store at this location; an S3 store signs with the credentials of
    /// `environment` (``S3Credentials/from(environment:)``).
    public func open(environment: [String: String] = ProcessInfo.processInfo.environment) async throws -> any BlobStore {
        switch self {
        case .directory(let path): return try await FileBlobStore(directory: path)
        case .s3(let location): return S3BlobStore(location: location, credentials: try S3Credentials.from(environment: environment))
        }
    }

    public var description: String {
        switch self {
        case .directory(let path): return "file://\(path)"
        case .s3(let location): return location.description
        }
    }
}
