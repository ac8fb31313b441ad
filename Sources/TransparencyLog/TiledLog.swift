/// A log's Merkle tree kept as C2SP tiles and grown one entry at a time.
///
/// Appending costs one leaf hash plus, on average, one node hash; the tree hash comes from
/// the compact right edge (one complete subtree per set bit of the size) in O(log n). Every
/// hash that lands on a tile level (heights 0, 8, 16, …) is written to its tile, and the
/// tiles touched since the last ``takeChangedTiles()`` are reported, so a sequencer
/// persists exactly what a batch changed.
///
/// ```swift
/// var log = TiledLog()
/// for entry in batch { log.append(.leaf(entry)) }
/// let changed = log.takeChangedTiles()        // write these in the batch's transaction
/// let checkpoint = Checkpoint(origin: origin, size: log.size, root: log.root)
/// ```
public struct TiledLog: SubtreeHashSource, Sendable {
    /// A tile's position, without its width.
    public typealias TileKey = TileHashes.Key

    /// The number of entries in the log.
    public private(set) var size: Int
    private var tiles: TileHashes
    private var rightEdge: [(height: Int, hash: TreeHash)]
    private var changed: Set<TileKey> = []

    /// An empty log.
    public init() {
        self.size = 0
        self.tiles = TileHashes()
        self.rightEdge = []
    }

    /// Restores a log of `size` entries from its stored tiles: at least the ones
    /// ``frontier(size:)`` names, which are all it needs to grow.
    ///
    /// - Throws: ``ProofError/invalidPosition`` when the tiles lack hashes the size implies.
    public init(size: Int, tiles: [TileKey: [TreeHash]]) throws {
        guard size >= 0 else { throw ProofError.invalidPosition }
        self.size = size
        self.tiles = TileHashes(tiles: tiles)
        self.rightEdge = []
        var start = 0
        for height in stride(from: Int.bitWidth - 2, through: 0, by: -1) where size & (1 << height) != 0 {
            rightEdge.append((height, try hash(height: height, index: start >> height)))
            start += 1 << height
        }
    }

    /// The partial tiles of a log of `size` entries, one per level at most: the right edge's
    /// subtrees all lie in them, so they are all a log needs to be restored and grow.
    public static func frontier(size: Int) -> [TileKey] {
        var keys: [TileKey] = []
        var level = 0
        while size >> (level * TileHashes.tileHeight) > 0 {
            let hashes = size >> (level * TileHashes.tileHeight)
            if hashes % Tile.fullWidth != 0 { keys.append(TileKey(level: level, index: hashes / Tile.fullWidth)) }
            level += 1
        }
        return keys
    }

    /// Adds the entry whose leaf hash is `leaf` at index ``size``.
    public mutating func append(_ leaf: TreeHash) {
        let index = size
        var node = leaf
        var height = 0
        record(node, height: 0, index: index)
        while let last = rightEdge.last, last.height == height {
            rightEdge.removeLast()
            node = .node(last.hash, node)
            height += 1
            record(node, height: height, index: index >> height)
        }
        rightEdge.append((height, node))
        size += 1
    }

    /// The tree hash of the whole log.
    public var root: TreeHash {
        guard var result = rightEdge.last?.hash else { return .empty }
        for subtree in rightEdge.dropLast().reversed() {
            result = .node(subtree.hash, result)
        }
        return result
    }

    /// The hashes of a tile as they stand now (a partial tile is shorter than 256), or `nil`
    /// when the log does not reach it or no longer keeps it.
    public func tile(level: Int, index: Int) -> [TreeHash]? {
        tiles.tiles[TileKey(level: level, index: index)]
    }

    /// The tiles changed since the last call, with their current hashes.
    public mutating func takeChangedTiles() -> [TileKey: [TreeHash]] {
        defer { changed.removeAll() }
        return Dictionary(uniqueKeysWithValues: changed.map { ($0, tiles.tiles[$0] ?? []) })
    }

    /// Forgets the full tiles that are not waiting to be taken by ``takeChangedTiles()``:
    /// they never change again and growing the log does not read them, so memory stays at
    /// the frontier however long the log.
    public mutating func forgetFullTiles() {
        tiles.tiles = tiles.tiles.filter { key, hashes in hashes.count < Tile.fullWidth || changed.contains(key) }
    }

    public func hash(height: Int, index: Int) throws -> TreeHash {
        try tiles.hash(height: height, index: index)
    }

    /// Writes a newly completed subtree hash to its tile when its height is a tile level.
    private mutating func record(_ hash: TreeHash, height: Int, index: Int) {
        guard height % TileHashes.tileHeight == 0 else { return }
        let key = TileKey(level: height / TileHashes.tileHeight, index: index / Tile.fullWidth)
        tiles.tiles[key, default: []].append(hash)
        changed.insert(key)
    }
}
