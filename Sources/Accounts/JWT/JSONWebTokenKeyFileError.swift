/// Why the token-signing key file could not be read or written.
public enum JSONWebTokenKeyFileError: Error, Equatable, CustomStringConvertible {
    /// The file exists but does not hold a PEM P-256 private key.
    case unreadableFile(path: String, reason: String)
    /// The file or its folder could not be created.
    case unwritableFile(path: String)

    /// The reason in words, naming the file.
    public var description: String {
        switch self {
        case .unreadableFile(let path, let reason): "cannot read the token-signing key \(path): \(reason)"
        case .unwritableFile(let path): "cannot write the token-signing key \(path)"
        }
    }
}
