/// Hashes of some of a log's tiles, answering for the complete subtrees they cover: what a
/// proof needs, read from storage, or what a ``TiledLog`` keeps.
///
/// A subtree of height `h` lives in the tile of level `h / 8`: a hash of that tile when `h`
/// is a multiple of 8, else the root of `2^(h % 8)` consecutive hashes of it.
///
/// ```swift
/// let keys = try TileHashes.keys(forInclusionProofOf: 70_000, treeSize: 100_000)
/// let tiles = TileHashes(tiles: try await store.tiles(keys))
/// let proof = try MerkleTree.inclusionProof(forLeafAt: 70_000, treeSize: 100_000, from: tiles)
/// ```
public struct TileHashes: SubtreeHashSource, Sendable {
    /// A tile's position, without its width.
    public struct Key: Hashable, Sendable {
        /// The tile level.
        public let level: Int
        /// The tile index within the level.
        public let index: Int

        /// Creates a tile key.
        public init(level: Int, index: Int) {
            self.level = level
            self.index = index
        }
    }

    /// Tree heights between tile levels: a tile holds 2^8 = 256 hashes.
    public static let tileHeight = 8

    /// The hashes of each tile held, 256 for a full tile and fewer for a partial one.
    public var tiles: [Key: [TreeHash]]

    /// Holds `tiles`.
    public init(tiles: [Key: [TreeHash]] = [:]) {
        self.tiles = tiles
    }

    /// The tile that holds the subtree of height `height` at position `index`, and the
    /// offset and count of its hashes the subtree's hash is made of.
    public static func location(height: Int, index: Int) -> (key: Key, offset: Int, count: Int) {
        let span = 1 << (height % tileHeight)
        let first = index * span
        return (Key(level: height / tileHeight, index: first / Tile.fullWidth), first % Tile.fullWidth, span)
    }

    public func hash(height: Int, index: Int) throws -> TreeHash {
        guard height >= 0, index >= 0 else { throw ProofError.invalidPosition }
        let (key, offset, count) = Self.location(height: height, index: index)
        guard let hashes = tiles[key], offset + count <= hashes.count else { throw ProofError.invalidPosition }
        return count == 1 ? hashes[offset] : MerkleTree.root(of: hashes[offset..<offset + count])
    }

    /// The tiles an inclusion proof of the leaf at `index` in a tree of `treeSize` reads.
    public static func keys(forInclusionProofOf index: Int, treeSize: Int) throws -> Set<Key> {
        let recorder = KeyRecorder()
        _ = try MerkleTree.inclusionProof(forLeafAt: index, treeSize: treeSize, from: recorder)
        return recorder.keys
    }

    /// Notes the tiles asked for, answering with placeholder hashes: the subtrees a proof
    /// reads depend on the positions only, never on the hashes.
    private final class KeyRecorder: SubtreeHashSource {
        var keys: Set<Key> = []

        func hash(height: Int, index: Int) throws -> TreeHash {
            keys.insert(TileHashes.location(height: height, index: index).key)
            return .empty
        }
    }
}
