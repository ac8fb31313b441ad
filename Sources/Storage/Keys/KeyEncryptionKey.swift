import Crypto
import Foundation

/// The key that seals the deployment's shared keys in the database (``DeploymentKeys``):
/// 32 random bytes that the operator gives every instance, as a file or as base64 in a
/// variable. It never enters the database.
public enum KeyEncryptionKey {
    /// The key in the file at `path`: 32 raw bytes (`head -c 32 /dev/urandom > kek`), or their
    /// base64 on one line.
    ///
    /// - Throws: ``DeploymentKeysError/invalidEncryptionKey(source:reason:)``.
    public static func load(file path: String) throws -> SymmetricKey {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw DeploymentKeysError.invalidEncryptionKey(source: path, reason: "the file cannot be read")
        }
        if data.count == 32 { return SymmetricKey(data: data) }
        return try decode(base64: String(decoding: data, as: UTF8.self), source: path)
    }

    /// The key whose base64 is `text`, from the variable or setting `source`.
    ///
    /// - Throws: ``DeploymentKeysError/invalidEncryptionKey(source:reason:)``.
    public static func decode(base64 text: String, source: String) throws -> SymmetricKey {
        guard let data = Data(base64Encoded: text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw DeploymentKeysError.invalidEncryptionKey(source: source, reason: "it is neither 32 bytes nor base64")
        }
        guard data.count == 32 else {
            throw DeploymentKeysError.invalidEncryptionKey(source: source, reason: "it holds \(data.count) bytes instead of 32")
        }
        return SymmetricKey(data: data)
    }
}
