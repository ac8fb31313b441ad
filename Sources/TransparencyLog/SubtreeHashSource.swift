/// Where tree hashes and proofs get the hashes of complete subtrees from.
///
/// A complete subtree of height `h` and index `i` covers leaves `i·2^h ..< (i+1)·2^h`; its
/// hash never changes once the log has those leaves. A log serves it from its tiles
/// (``TiledLog``); tests compute it from leaves (``LeafHashes``).
public protocol SubtreeHashSource {
    /// The hash of the complete subtree of height `height` at position `index`.
    func hash(height: Int, index: Int) throws -> TreeHash
}

/// All leaf hashes of a log in memory: the reference source that computes every subtree
/// hash from its leaves.
public struct LeafHashes: SubtreeHashSource {
    /// The leaf hashes, in log order.
    public let leaves: [TreeHash]

    /// Wraps leaf hashes.
    public init(_ leaves: [TreeHash]) {
        self.leaves = leaves
    }

    public func hash(height: Int, index: Int) throws -> TreeHash {
        let start = index << height
        let end = start + 1 << height
        guard index >= 0, end <= leaves.count else { throw ProofError.invalidPosition }
        return MerkleTree.root(of: leaves[start..<end])
    }
}
