import ArgumentParser
import Crypto
import Storage

/// The options that give a command the deployment's key-encryption key (``Storage/DeploymentKeys``),
/// and during its rotation the previous one.
struct KeyEncryptionKeyOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "A file holding the key-encryption key, 32 random bytes (or their base64) that every instance of a deployment shares: the server's keys are then also kept in the database, sealed with it, and every instance uses the same ones. [env: CHANCERY_KEY_ENCRYPTION_KEY_FILE, or the base64 itself in CHANCERY_KEY_ENCRYPTION_KEY]",
            valueName: "path"
        )
    )
    var keyEncryptionKeyFile: String?

    @Option(
        name: .long,
        help: ArgumentHelp(
            "While the key-encryption key is rotated, the file holding the previous one: keys still sealed with it are opened and sealed again with the new key. Restart the instances one at a time with both, then drop this option. [env: CHANCERY_PREVIOUS_KEY_ENCRYPTION_KEY_FILE, or the base64 itself in CHANCERY_PREVIOUS_KEY_ENCRYPTION_KEY]",
            valueName: "path"
        )
    )
    var previousKeyEncryptionKeyFile: String?

    /// A key-encryption key from the file `path`, else from the file named by the variable
    /// `<variables>_FILE`, else from the base64 in the variable `<variables>`; `nil` when none
    /// is given.
    ///
    /// - Throws: ``ConfigurationError`` when the key given cannot be used.
    private static func keyEncryptionKey(file path: String?, variables: String) throws -> SymmetricKey? {
        do {
            if let path = Setting.resolve(path, environment: variables + "_FILE") {
                return try KeyEncryptionKey.load(file: path)
            }
            guard let base64 = Setting.resolve(nil, environment: variables) else { return nil }
            return try KeyEncryptionKey.decode(base64: base64, source: variables)
        } catch {
            throw ConfigurationError("\(error)")
        }
    }

    /// The key-encryption key and the previous one, each `nil` when not given.
    ///
    /// - Throws: ``ConfigurationError`` when a key cannot be used, or the previous key is
    ///   given without the new one.
    func keys() throws -> (current: SymmetricKey?, previous: SymmetricKey?) {
        let current = try Self.keyEncryptionKey(file: keyEncryptionKeyFile, variables: "CHANCERY_KEY_ENCRYPTION_KEY")
        let previous = try Self.keyEncryptionKey(file: previousKeyEncryptionKeyFile, variables: "CHANCERY_PREVIOUS_KEY_ENCRYPTION_KEY")
        if previous != nil, current == nil {
            throw ConfigurationError("--previous-key-encryption-key-file needs the new key as --key-encryption-key-file")
        }
        return (current, previous)
    }
}
