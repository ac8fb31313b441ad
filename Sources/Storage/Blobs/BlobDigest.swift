import Crypto
import Foundation

/// The SHA-256 digest that names a blob in a content-addressed ``BlobStore``.
public struct BlobDigest: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The digest as 64 lowercase hexadecimal characters.
    public let hex: String

    /// Validates a digest given as 64 hexadecimal characters (either case).
    ///
    /// - Throws: ``StorageError/invalidDigest(_:)`` for anything else.
    public init(hex: String) throws {
        let lowered = hex.lowercased()
        guard lowered.utf8.count == 64, lowered.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) }) else {
            throw StorageError.invalidDigest(hex)
        }
        self.hex = lowered
    }

    /// The digest of a finished SHA-256 computation.
    public init(_ digest: SHA256.Digest) {
        self.hex = digest.hex
    }

    /// The digest of `bytes`.
    public static func of(_ bytes: some DataProtocol) -> BlobDigest {
        BlobDigest(SHA256.hash(data: bytes))
    }

    public init(from decoder: any Decoder) throws {
        try self.init(hex: decoder.singleValueContainer().decode(String.self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }

    /// Where a store keeps the blob below its root: `ab/cd/abcd…`, two levels named by the
    /// digest's first four characters, so that no directory or listing grows too large.
    public var shardedPath: String {
        "\(hex.prefix(2))/\(hex.dropFirst(2).prefix(2))/\(hex)"
    }

    public var description: String { hex }
}
