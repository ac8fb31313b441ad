/// Checks that a leaf is part of a tree (RFC 9162 §2.1.3.2).
public enum InclusionProof {
    /// Throws unless `proof` shows that `leaf` sits at `index` in the tree of `treeSize`
    /// leaves whose hash is `root`.
    public static func verify(leaf: TreeHash, index: Int, treeSize: Int, proof: [TreeHash], root: TreeHash) throws {
        guard try rootFrom(leaf: leaf, index: index, treeSize: treeSize, proof: proof) == root else {
            throw ProofError.rootMismatch
        }
    }

    /// The root that `proof` leads to from `leaf` at `index` in a tree of `treeSize` leaves.
    public static func rootFrom(leaf: TreeHash, index: Int, treeSize: Int, proof: [TreeHash]) throws -> TreeHash {
        guard index >= 0, index < treeSize else { throw ProofError.invalidPosition }
        var fn = index
        var sn = treeSize - 1
        var result = leaf
        for sibling in proof {
            guard sn != 0 else { throw ProofError.wrongLength }
            if fn & 1 == 1 || fn == sn {
                result = .node(sibling, result)
                while fn & 1 == 0, fn != 0 {
                    fn >>= 1
                    sn >>= 1
                }
            } else {
                result = .node(result, sibling)
            }
            fn >>= 1
            sn >>= 1
        }
        guard sn == 0 else { throw ProofError.wrongLength }
        return result
    }
}
