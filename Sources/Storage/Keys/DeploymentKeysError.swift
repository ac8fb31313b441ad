/// Why the deployment's shared keys cannot be used: each case names the key and what to do.
public enum DeploymentKeysError: Error, Equatable, CustomStringConvertible {
    /// The key-encryption key is not 32 bytes, in its file or its variable.
    case invalidEncryptionKey(source: String, reason: String)
    /// A key in the database does not open with this key-encryption key.
    case cannotUnseal(name: String)
    /// A local key file differs from the deployment's key of the same name.
    case conflict(path: String, name: String)

    public var description: String {
        switch self {
        case .invalidEncryptionKey(let source, let reason):
            return "The key-encryption key in \(source) cannot be used: \(reason). Give every instance the same 32 random bytes "
                + "(a file made with `head -c 32 /dev/urandom`, or their base64 in CHANCERY_KEY_ENCRYPTION_KEY)."
        case .cannotUnseal(let name):
            return "The deployment's key '\(name)' in the database does not open with this key-encryption key: give this instance "
                + "the key-encryption key the other instances use (during a rotation, the new one with the previous one as "
                + "--previous-key-encryption-key-file)."
        case .conflict(let path, let name):
            return "The key file \(path) differs from the deployment's key '\(name)' in the database, and neither replaces the other. "
                + "If this instance served alone before joining, keep the key clients have pinned: move the file away to use the "
                + "deployment's, or start the deployment from this instance's keys."
        }
    }
}
