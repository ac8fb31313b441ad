import Foundation

/// Where Chancery keeps its blobs.
///
/// Only local directories exist today; the ``BlobStore`` protocol is the seam where an
/// S3-compatible backend plugs in.
public enum BlobStoreLocation: Sendable, Equatable, CustomStringConvertible {
    /// A directory on a local file system.
    case directory(String)

    /// Parses `file:///path`, `file:path` or a bare directory path.
    ///
    /// - Throws: ``StorageError/invalidBlobStoreURL(_:)`` for any other scheme.
    public init(parsing text: String) throws {
        if text.hasPrefix("file://") {
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

    /// Opens the store at this location.
    public func open() async throws -> any BlobStore {
        switch self {
        case .directory(let path): return try await FileBlobStore(directory: path)
        }
    }

    public var description: String {
        switch self {
        case .directory(let path): return "file://\(path)"
        }
    }
}
