/// Why a signed note, key, checkpoint or proof file was refused.
public enum NoteError: Error, Equatable, CustomStringConvertible {
    /// The bytes are not in the format the C2SP specification defines.
    case malformed(String)
    /// A key string is not a valid signer or verifier key.
    case invalidKey(String)
    /// A signature from a trusted key does not verify.
    case invalidSignature(keyName: String)
    /// No signature on the note comes from a trusted key.
    case noTrustedSignature

    public var description: String {
        switch self {
        case .malformed(let reason): return "malformed: \(reason)"
        case .invalidKey(let reason): return "invalid key: \(reason)"
        case .invalidSignature(let name): return "the signature of \(name) does not verify"
        case .noTrustedSignature: return "the note carries no signature from a trusted key"
        }
    }
}
