/// Why a PDF signature's CMS could not be made or read.
public enum CMSSignatureError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The bytes are not a detached CMS `SignedData` with one signer.
    case malformed(String)
    /// The key, certificate or CMS uses an algorithm this module does not handle.
    case unsupportedAlgorithm(String)
    /// The certificate chain and private key do not form a usable signing identity.
    case invalidCredentials(String)
    /// The content digest given to the signer has the wrong length for its digest algorithm.
    case wrongDigestLength(expected: Int, actual: Int)
    /// The time-stamp authority did not deliver a usable token.
    case timeStampFailed(String)

    /// A sentence saying what went wrong.
    public var description: String {
        switch self {
        case .malformed(let detail): "the CMS signature is malformed: \(detail)"
        case .unsupportedAlgorithm(let detail): "unsupported algorithm: \(detail)"
        case .invalidCredentials(let detail): "invalid signing credentials: \(detail)"
        case .wrongDigestLength(let expected, let actual): "the content digest has \(actual) bytes, expected \(expected)"
        case .timeStampFailed(let detail): "time-stamping failed: \(detail)"
        }
    }
}
