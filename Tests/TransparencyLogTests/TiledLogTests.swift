import Testing
import TransparencyLog

@Suite struct TiledLogTests {
    static func leaves(_ count: Int) -> [TreeHash] {
        (0..<count).map { TreeHash.leaf(Array("entry \($0)".utf8)) }
    }

    @Test func rootAndTilesMatchTheReferenceAtEverySize() throws {
        let leaves = Self.leaves(600)
        var log = TiledLog()
        #expect(log.root == .empty)
        for (count, leaf) in leaves.enumerated() {
            log.append(leaf)
            let size = count + 1
            #expect(log.size == size)
            #expect(log.root == MerkleTree.root(of: leaves.prefix(size)), "size \(size)")
        }
        for tile in Tile.tiles(forTreeSize: 600) {
            #expect(log.tile(level: tile.level, index: tile.index) == tile.hashes(in: leaves), "\(tile.path)")
        }
    }

    @Test func proofsFromTilesEqualProofsFromLeaves() throws {
        let leaves = Self.leaves(777)
        var log = TiledLog()
        for leaf in leaves { log.append(leaf) }
        for (index, size) in [(0, 1), (5, 8), (255, 256), (256, 257), (300, 777), (776, 777), (511, 600)] {
            let fromTiles = try MerkleTree.inclusionProof(forLeafAt: index, treeSize: size, from: log)
            #expect(fromTiles == MerkleTree.inclusionProof(forLeafAt: index, in: Array(leaves.prefix(size))), "\(index) in \(size)")
            try InclusionProof.verify(
                leaf: leaves[index], index: index, treeSize: size, proof: fromTiles, root: MerkleTree.root(of: leaves.prefix(size)))
        }
        for (old, new) in [(1, 2), (7, 8), (255, 777), (256, 777), (300, 600), (511, 512), (600, 777)] {
            let fromTiles = try MerkleTree.consistencyProof(from: old, to: new, from: log)
            #expect(fromTiles == MerkleTree.consistencyProof(from: old, in: Array(leaves.prefix(new))), "\(old) to \(new)")
        }
        #expect(try MerkleTree.root(size: 777, from: log) == log.root)
        #expect(throws: ProofError.invalidPosition) { try MerkleTree.inclusionProof(forLeafAt: 0, treeSize: 778, from: log) }
    }

    @Test func reportsExactlyTheTilesABatchChanged() {
        var log = TiledLog()
        for leaf in Self.leaves(300) { log.append(leaf) }
        _ = log.takeChangedTiles()
        log.append(.leaf([1]))
        #expect(Set(log.takeChangedTiles().keys) == [TiledLog.TileKey(level: 0, index: 1)])

        var crossing = TiledLog()
        for leaf in Self.leaves(511) { crossing.append(leaf) }
        _ = crossing.takeChangedTiles()
        crossing.append(.leaf([2]))
        let changed = crossing.takeChangedTiles()
        #expect(Set(changed.keys) == [TiledLog.TileKey(level: 0, index: 1), TiledLog.TileKey(level: 1, index: 0)])
        #expect(changed[TiledLog.TileKey(level: 1, index: 0)]?.count == 2)
    }

    @Test func aRestoredLogContinuesExactlyWhereItStopped() throws {
        let leaves = Self.leaves(700)
        var original = TiledLog()
        for leaf in leaves.prefix(523) { original.append(leaf) }
        var stored: [TiledLog.TileKey: [TreeHash]] = [:]
        for tile in Tile.tiles(forTreeSize: 523) {
            stored[TiledLog.TileKey(level: tile.level, index: tile.index)] = original.tile(level: tile.level, index: tile.index)
        }
        var restored = try TiledLog(size: 523, tiles: stored)
        #expect(restored.root == original.root)
        for leaf in leaves.dropFirst(523) {
            original.append(leaf)
            restored.append(leaf)
        }
        #expect(restored.root == original.root)
        #expect(restored.root == MerkleTree.root(of: leaves))

        stored[TiledLog.TileKey(level: 0, index: 2)] = nil
        #expect(throws: ProofError.invalidPosition) { try TiledLog(size: 523, tiles: stored) }
    }
}
