/// RFC 6962 Merkle tree computations: tree hashes and the inclusion and consistency proofs a
/// log hands out.
///
/// Every function reads only the complete-subtree hashes it needs from a
/// ``SubtreeHashSource``, at most about 2·log2(n) of them, so a log with tiles answers any
/// proof from a handful of tile reads. The overloads that take leaf hashes are the reference
/// definition.
///
/// ```swift
/// let leaves = entries.map { TreeHash.leaf($0) }
/// let root = MerkleTree.root(of: leaves)
/// let proof = MerkleTree.inclusionProof(forLeafAt: 3, in: leaves)
/// try InclusionProof.verify(leaf: leaves[3], index: 3, treeSize: leaves.count, proof: proof, root: root)
/// ```
public enum MerkleTree {
    /// The tree hash MTH of `leaves` (RFC 6962 §2.1).
    public static func root(of leaves: some Collection<TreeHash>) -> TreeHash {
        root(of: Array(leaves)[...])
    }

    /// The tree hash of the first `size` leaves of a log.
    public static func root(size: Int, from source: some SubtreeHashSource) throws -> TreeHash {
        guard size >= 0 else { throw ProofError.invalidPosition }
        guard size > 0 else { return .empty }
        return try range(0, size, source)
    }

    /// The audit path of the leaf at `index` in the tree of `leaves`, leaf to root
    /// (RFC 6962 §2.1.1).
    ///
    /// - Precondition: `index` is a valid index of `leaves`.
    public static func inclusionProof(forLeafAt index: Int, in leaves: [TreeHash]) -> [TreeHash] {
        precondition(leaves.indices.contains(index), "leaf index \(index) outside a tree of \(leaves.count)")
        return try! inclusionProof(forLeafAt: index, treeSize: leaves.count, from: LeafHashes(leaves))
    }

    /// The audit path of the leaf at `index` in the tree of the first `treeSize` leaves.
    public static func inclusionProof(forLeafAt index: Int, treeSize: Int, from source: some SubtreeHashSource) throws -> [TreeHash] {
        guard index >= 0, index < treeSize else { throw ProofError.invalidPosition }
        return try path(index, 0, treeSize, source)
    }

    /// The proof that the tree of the first `oldSize` leaves is a prefix of the tree of all
    /// `leaves` (RFC 6962 §2.1.2). Empty when `oldSize` is 0 or equals the tree size.
    ///
    /// - Precondition: `0 <= oldSize <= leaves.count`.
    public static func consistencyProof(from oldSize: Int, in leaves: [TreeHash]) -> [TreeHash] {
        precondition((0...leaves.count).contains(oldSize), "old size \(oldSize) outside 0...\(leaves.count)")
        return try! consistencyProof(from: oldSize, to: leaves.count, from: LeafHashes(leaves))
    }

    /// The proof that the tree of `oldSize` leaves is a prefix of the tree of `newSize` leaves.
    public static func consistencyProof(from oldSize: Int, to newSize: Int, from source: some SubtreeHashSource) throws -> [TreeHash] {
        guard oldSize >= 0, oldSize <= newSize else { throw ProofError.invalidPosition }
        guard oldSize > 0, oldSize < newSize else { return [] }
        return try subproof(oldSize, 0, newSize, complete: true, source)
    }

    /// The largest power of two smaller than `n` (n > 1): where RFC 6962 splits a tree.
    static func split(_ n: Int) -> Int {
        var k = 1
        while k << 1 < n { k <<= 1 }
        return k
    }

    /// MTH computed from the leaves themselves.
    private static func root(of leaves: ArraySlice<TreeHash>) -> TreeHash {
        switch leaves.count {
        case 0: return .empty
        case 1: return leaves[leaves.startIndex]
        default:
            let middle = leaves.startIndex + split(leaves.count)
            return .node(root(of: leaves[..<middle]), root(of: leaves[middle...]))
        }
    }

    /// MTH of leaves `start ..< start + count`, a range the RFC 6962 recursion produces: a
    /// power-of-two range is always aligned, so it is one complete subtree of the source.
    private static func range(_ start: Int, _ count: Int, _ source: some SubtreeHashSource) throws -> TreeHash {
        if count & (count - 1) == 0 {
            let height = count.trailingZeroBitCount
            return try source.hash(height: height, index: start >> height)
        }
        let k = split(count)
        return .node(try range(start, k, source), try range(start + k, count - k, source))
    }

    private static func path(_ index: Int, _ start: Int, _ count: Int, _ source: some SubtreeHashSource) throws -> [TreeHash] {
        guard count > 1 else { return [] }
        let k = split(count)
        if index < k {
            return try path(index, start, k, source) + [range(start + k, count - k, source)]
        }
        return try path(index - k, start + k, count - k, source) + [range(start, k, source)]
    }

    private static func subproof(_ m: Int, _ start: Int, _ count: Int, complete: Bool, _ source: some SubtreeHashSource) throws -> [TreeHash] {
        if m == count { return complete ? [] : [try range(start, count, source)] }
        let k = split(count)
        if m <= k {
            return try subproof(m, start, k, complete: complete, source) + [range(start + k, count - k, source)]
        }
        return try subproof(m - k, start + k, count - k, complete: false, source) + [range(start, k, source)]
    }
}
