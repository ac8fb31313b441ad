import Testing
import TransparencyLog

@Suite struct TileTests {
    @Test func pathsFollowTheSpecification() {
        #expect(Tile(level: 0, index: 1_234_067).path == "tile/0/x001/x234/067")
        #expect(Tile(level: 0, index: 1_234_067, width: 112).path == "tile/0/x001/x234/067.p/112")
        #expect(Tile(level: 2, index: 0, width: 1).path == "tile/2/000.p/1")
        #expect(Tile(level: 1, index: 1000).path == "tile/1/x001/000")
        #expect(Tile(level: 0, index: 5, width: 9).entriesPath == "tile/entries/005.p/9")
    }

    @Test func pathsParseBackAndNonCanonicalOnesAreRefused() {
        for tile in [Tile(level: 0, index: 1_234_067), Tile(level: 3, index: 7, width: 200), Tile(level: 1, index: 1000)] {
            #expect(Tile(path: tile.path) == tile)
        }
        #expect(Tile(path: "tile/entries/x001/234.p/5") == Tile(level: -1, index: 1234, width: 5))
        for bad in [
            "", "tile", "tile/0", "tile/0/1", "tile/0/0001", "tile/0/x000/001", "tile/0/001/002", "tile/00/001",
            "tile/0/001.p/0", "tile/0/001.p/256", "tile/0/001.p/07", "tile/-1/001", "tiles/0/001", "tile/0/abc",
        ] {
            #expect(Tile(path: bad) == nil, "\(bad)")
        }
    }

    @Test func aTreeOf70000HasTheTilesTheSpecificationLists() {
        let tiles = Tile.tiles(forTreeSize: 70_000)
        let levelZero = tiles.filter { $0.level == 0 }
        #expect(levelZero.filter(\.isFull).count == 273)
        #expect(levelZero.last == Tile(level: 0, index: 273, width: 112))
        #expect(tiles.filter { $0.level == 1 } == [Tile(level: 1, index: 0), Tile(level: 1, index: 1, width: 17)])
        #expect(tiles.filter { $0.level == 2 } == [Tile(level: 2, index: 0, width: 1)])
        #expect(tiles.allSatisfy { $0.level <= 2 })
    }

    @Test func tileHashesAreSubtreeRoots() {
        let leaves = (0..<(256 * 2 + 10)).map { TreeHash.leaf(Array("e\($0)".utf8)) }
        let firstTile = Tile(level: 0, index: 0).hashes(in: leaves)
        #expect(firstTile == Array(leaves[0..<256]))
        let levelOne = Tile(level: 1, index: 0, width: 2).hashes(in: leaves)
        #expect(levelOne == [MerkleTree.root(of: leaves[0..<256]), MerkleTree.root(of: leaves[256..<512])])
        // A complete level-1 hash pair is the root of the first 512 entries.
        #expect(TreeHash.node(levelOne[0], levelOne[1]) == MerkleTree.root(of: leaves[0..<512]))
    }

    @Test func entryBundlesRoundTripAndRejectTruncation() throws {
        let entries: [[UInt8]] = [[], [1], Array(repeating: 7, count: 300), Array("sha256 abc\n".utf8)]
        let bundle = try EntryBundle.encode(entries)
        #expect(bundle.prefix(3) == [0, 0, 0])
        #expect(try EntryBundle.decode(bundle) == entries)
        #expect(throws: EntryBundle.Error.truncated) { try EntryBundle.decode(Array(bundle.dropLast())) }
        #expect(throws: EntryBundle.Error.truncated) { try EntryBundle.decode([0]) }
        #expect(throws: EntryBundle.Error.entryTooLong(70_000)) { try EntryBundle.encode([Array(repeating: 0, count: 70_000)]) }
    }
}
