import Crypto
import Foundation

/// A SHA-256 hash in an RFC 6962 Merkle tree: the hash of a leaf, of an interior node, or of
/// a whole tree.
///
/// Leaves and interior nodes are hashed with different one-byte prefixes (`0x00` and
/// `0x01`), so a leaf can never be passed off as a node:
///
/// ```swift
/// let leaf = TreeHash.leaf(Array("entry".utf8))      // SHA-256(0x00 || entry)
/// let root = TreeHash.node(leaf, TreeHash.leaf([]))   // SHA-256(0x01 || left || right)
/// ```
public struct TreeHash: Hashable, Sendable, CustomStringConvertible {
    /// The 32 bytes of the hash.
    public let bytes: [UInt8]

    /// The number of bytes in a hash.
    public static let byteCount = 32

    /// Wraps 32 bytes; `nil` for any other length.
    public init?(bytes: some Sequence<UInt8>) {
        let array = Array(bytes)
        guard array.count == Self.byteCount else { return nil }
        self.bytes = array
    }

    /// Decodes a hash written in standard base64, as checkpoints and proofs write them.
    public init?(base64: some StringProtocol) {
        guard let data = Data(base64Encoded: String(base64)) else { return nil }
        self.init(bytes: data)
    }

    private init(digest: SHA256.Digest) {
        self.bytes = Array(digest)
    }

    /// The hash of an empty tree: SHA-256 of no bytes.
    public static let empty = TreeHash(digest: SHA256.hash(data: [UInt8]()))

    /// The hash of a leaf whose entry is `entry`: SHA-256(0x00 || entry).
    public static func leaf(_ entry: some DataProtocol) -> TreeHash {
        var hasher = SHA256()
        hasher.update(data: [0x00])
        hasher.update(data: entry)
        return TreeHash(digest: hasher.finalize())
    }

    /// The hash of an interior node: SHA-256(0x01 || left || right).
    public static func node(_ left: TreeHash, _ right: TreeHash) -> TreeHash {
        var hasher = SHA256()
        hasher.update(data: [0x01])
        hasher.update(data: left.bytes)
        hasher.update(data: right.bytes)
        return TreeHash(digest: hasher.finalize())
    }

    /// The hash in standard base64.
    public var base64: String { Data(bytes).base64EncodedString() }

    /// The hash in lowercase hexadecimal.
    public var hex: String { Hex.encode(bytes) }

    public var description: String { hex }
}
