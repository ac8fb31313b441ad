/// RFC 6962 Merkle tree computations over a list of leaf hashes: tree hashes and the
/// inclusion and consistency proofs a log hands out.
///
/// These functions read the leaves they need and nothing more, but they do read leaves:
/// computing a proof costs O(n) hashes. A log that keeps its interior hashes (in tiles)
/// serves proofs from those instead; these are the definition to check it against.
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

    /// The audit path of the leaf at `index` in the tree of `leaves`, leaf to root
    /// (RFC 6962 §2.1.1).
    ///
    /// - Precondition: `index` is a valid index of `leaves`.
    public static func inclusionProof(forLeafAt index: Int, in leaves: [TreeHash]) -> [TreeHash] {
        precondition(leaves.indices.contains(index), "leaf index \(index) outside a tree of \(leaves.count)")
        return path(index, leaves[...])
    }

    /// The proof that the tree of the first `oldSize` leaves is a prefix of the tree of all
    /// `leaves` (RFC 6962 §2.1.2). Empty when `oldSize` is 0 or equals the tree size.
    ///
    /// - Precondition: `0 <= oldSize <= leaves.count`.
    public static func consistencyProof(from oldSize: Int, in leaves: [TreeHash]) -> [TreeHash] {
        precondition((0...leaves.count).contains(oldSize), "old size \(oldSize) outside 0...\(leaves.count)")
        guard oldSize > 0, oldSize < leaves.count else { return [] }
        return subproof(oldSize, leaves[...], complete: true)
    }

    /// The largest power of two smaller than `n` (n > 1): where RFC 6962 splits a tree.
    static func split(_ n: Int) -> Int {
        var k = 1
        while k << 1 < n { k <<= 1 }
        return k
    }

    private static func root(of leaves: ArraySlice<TreeHash>) -> TreeHash {
        switch leaves.count {
        case 0: return .empty
        case 1: return leaves[leaves.startIndex]
        default:
            let middle = leaves.startIndex + split(leaves.count)
            return .node(root(of: leaves[..<middle]), root(of: leaves[middle...]))
        }
    }

    private static func path(_ index: Int, _ leaves: ArraySlice<TreeHash>) -> [TreeHash] {
        guard leaves.count > 1 else { return [] }
        let k = split(leaves.count)
        let middle = leaves.startIndex + k
        if index < k {
            return path(index, leaves[..<middle]) + [root(of: leaves[middle...])]
        }
        return path(index - k, leaves[middle...]) + [root(of: leaves[..<middle])]
    }

    private static func subproof(_ m: Int, _ leaves: ArraySlice<TreeHash>, complete: Bool) -> [TreeHash] {
        let n = leaves.count
        if m == n { return complete ? [] : [root(of: leaves)] }
        let k = split(n)
        let middle = leaves.startIndex + k
        if m <= k {
            return subproof(m, leaves[..<middle], complete: complete) + [root(of: leaves[middle...])]
        }
        return subproof(m - k, leaves[middle...], complete: false) + [root(of: leaves[..<middle])]
    }
}
