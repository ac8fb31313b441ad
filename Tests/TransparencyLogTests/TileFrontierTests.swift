import Testing
import TransparencyLog

/// A log kept as its frontier: restored from the partial tiles only, it grows exactly as the
/// whole log would, forgets its full tiles, and a proof needs only the tiles it names.
@Suite struct TileFrontierTests {
    /// 70 000 entries: three tile levels, full and partial tiles on each of the two lower ones.
    static let leaves = TiledLogTests.leaves(70_000)

    /// Every tile of the log of `leaves`, as storage holds them.
    static let stored: [TileHashes.Key: [TreeHash]] = {
        var log = TiledLog()
        var stored: [TileHashes.Key: [TreeHash]] = [:]
        for leaf in leaves {
            log.append(leaf)
            if log.size % 1000 == 0 { stored.merge(log.takeChangedTiles()) { $1 } }
        }
        stored.merge(log.takeChangedTiles()) { $1 }
        return stored
    }()

    @Test(arguments: [0, 1, 255, 256, 257, 65_535, 65_536, 65_537, 69_999])
    func aLogRestoredFromItsFrontierGrowsAsTheWholeLog(size: Int) throws {
        let frontier = TiledLog.frontier(size: size)
        #expect(frontier.count <= 3)
        let tiles = Dictionary(
            uniqueKeysWithValues: frontier.map { ($0, Array(try! #require(Self.stored[$0]).prefix((size >> ($0.level * 8)) % 256))) })
        var log = try TiledLog(size: size, tiles: tiles)
        #expect(log.root == MerkleTree.root(of: Self.leaves.prefix(size)))
        for leaf in Self.leaves[size..<min(size + 300, Self.leaves.count)] { log.append(leaf) }
        #expect(log.root == MerkleTree.root(of: Self.leaves.prefix(log.size)))
        for (key, hashes) in log.takeChangedTiles() {
            #expect(Array(try #require(Self.stored[key]).prefix(hashes.count)) == hashes, "tile \(key)")
        }
    }

    @Test func aLogForgetsItsFullTilesOnceTheyAreTaken() {
        var log = TiledLog()
        for leaf in Self.leaves.prefix(600) { log.append(leaf) }
        log.forgetFullTiles()
        #expect(log.tile(level: 0, index: 0)?.count == 256, "not taken yet")
        _ = log.takeChangedTiles()
        log.forgetFullTiles()
        #expect(log.tile(level: 0, index: 0) == nil)
        #expect(log.tile(level: 0, index: 1) == nil)
        #expect(log.tile(level: 0, index: 2)?.count == 88)
        log.append(Self.leaves[600])
        #expect(log.root == MerkleTree.root(of: Self.leaves.prefix(601)))
    }

    @Test(arguments: [(0, 1), (3, 70_000), (255, 256), (40_000, 65_537), (69_999, 70_000), (65_536, 69_000)])
    func aProofFromTheTilesItNamesEqualsTheReference(index: Int, size: Int) throws {
        let keys = try TileHashes.keys(forInclusionProofOf: index, treeSize: size)
        #expect(keys.count <= 6)
        let tiles = TileHashes(tiles: Self.stored.filter { keys.contains($0.key) })
        let proof = try MerkleTree.inclusionProof(forLeafAt: index, treeSize: size, from: tiles)
        #expect(proof == MerkleTree.inclusionProof(forLeafAt: index, in: Array(Self.leaves.prefix(size))))
    }
}
