/// Why a JSON Web Token was refused.
public enum JSONWebTokenError: Error, Equatable, CustomStringConvertible {
    /// It is not three base64url parts separated by dots, or a part is not the JSON it should be.
    case malformed(String)
    /// Its header names another algorithm or another key than the verifier's.
    case unexpectedHeader(String)
    /// Its signature does not verify with the key.
    case badSignature

    /// The reason in words.
    public var description: String {
        switch self {
        case .malformed(let reason): "the token is malformed: \(reason)"
        case .unexpectedHeader(let reason): "the token's header is not ours: \(reason)"
        case .badSignature: "the token's signature does not verify"
        }
    }
}
