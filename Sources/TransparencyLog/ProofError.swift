/// Why a Merkle proof does not prove what it claims.
public enum ProofError: Error, Equatable, CustomStringConvertible {
    /// The index lies outside the tree, or the sizes are out of order.
    case invalidPosition
    /// The proof has more or fewer hashes than the tree shape calls for.
    case wrongLength
    /// The hashes do not lead to the expected root.
    case rootMismatch

    public var description: String {
        switch self {
        case .invalidPosition: return "the index or tree sizes are out of range"
        case .wrongLength: return "the proof has the wrong number of hashes for this tree"
        case .rootMismatch: return "the proof does not lead to the expected root hash"
        }
    }
}
