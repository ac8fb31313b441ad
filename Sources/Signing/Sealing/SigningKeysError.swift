/// Why the signing keys could not be loaded or stored.
public enum SigningKeysError: Error, Sendable, CustomStringConvertible {
    /// Only some of the files that belong together exist.
    case incompleteFiles(present: String, missing: String)
    /// A file exists but does not hold what it should.
    case unreadableFile(path: String, reason: String)
    /// The CA certificate and key cannot issue signing certificates.
    case invalidAuthority(String)
    /// A file could not be written.
    case unwritableFile(path: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .incompleteFiles(let present, let missing):
            "\(present) exists but \(missing) does not; provide both (or neither, to have them generated)"
        case .unreadableFile(let path, let reason): "cannot read \(path): \(reason)"
        case .invalidAuthority(let reason): "the signing CA cannot issue certificates: \(reason)"
        case .unwritableFile(let path): "cannot write \(path)"
        }
    }
}
