/// Why the signing keys, read whole from their files, cannot be used. (A file that cannot be
/// read or written, or is damaged or missing from its pair, is a ``Storage/KeyFileError``.)
public enum SigningKeysError: Error, Sendable, CustomStringConvertible {
    /// The CA certificate and key cannot issue signing certificates.
    case invalidAuthority(String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalidAuthority(let reason): "the signing CA cannot issue certificates: \(reason)"
        }
    }
}
