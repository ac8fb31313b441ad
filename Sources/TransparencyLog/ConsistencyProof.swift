/// Checks that one tree is a prefix of a later one (RFC 9162 §2.1.4.2): the log only
/// appended, it never rewrote history.
public enum ConsistencyProof {
    /// Throws unless `proof` shows that the tree of `oldSize` leaves with hash `oldRoot` is
    /// the first `oldSize` leaves of the tree of `newSize` leaves with hash `newRoot`.
    public static func verify(oldSize: Int, newSize: Int, proof: [TreeHash], oldRoot: TreeHash, newRoot: TreeHash) throws {
        guard oldSize >= 0, oldSize <= newSize else { throw ProofError.invalidPosition }
        if oldSize == newSize {
            guard proof.isEmpty else { throw ProofError.wrongLength }
            guard oldRoot == newRoot else { throw ProofError.rootMismatch }
            return
        }
        if oldSize == 0 {
            // Every tree extends the empty tree; there is nothing to prove.
            guard proof.isEmpty else { throw ProofError.wrongLength }
            return
        }
        guard !proof.isEmpty else { throw ProofError.wrongLength }

        // When the old tree is a complete subtree, its root is the proof's implicit first hash.
        let isPowerOfTwo = oldSize & (oldSize - 1) == 0
        let path = isPowerOfTwo ? [oldRoot] + proof : proof
        var fn = oldSize - 1
        var sn = newSize - 1
        while fn & 1 == 1 {
            fn >>= 1
            sn >>= 1
        }
        var fr = path[0]
        var sr = path[0]
        for c in path.dropFirst() {
            guard sn != 0 else { throw ProofError.wrongLength }
            if fn & 1 == 1 || fn == sn {
                fr = .node(c, fr)
                sr = .node(c, sr)
                while fn & 1 == 0, fn != 0 {
                    fn >>= 1
                    sn >>= 1
                }
            } else {
                sr = .node(sr, c)
            }
            fn >>= 1
            sn >>= 1
        }
        guard sn == 0 else { throw ProofError.wrongLength }
        guard fr == oldRoot, sr == newRoot else { throw ProofError.rootMismatch }
    }
}
