import Crypto
import Foundation

/// The server key Nuxeo device tokens are derived with (see
/// ``Accounts/AccountStore/deviceToken(for:application:deviceID:permission:description:key:)``),
/// kept in the keys folder, outside the database that holds the tokens' hashes.
enum DeviceTokenKey {
    /// The key file's name.
    static let fileName = "repository-device-token.key"

    /// The key in `directory`, created (32 random bytes, mode 0600) on first use.
    static func loadOrCreate(in directory: String) throws -> SymmetricKey {
        let url = URL(fileURLWithPath: directory).appendingPathComponent(fileName)
        if let data = try? Data(contentsOf: url) {
            guard data.count == 32 else { throw InvalidKeyFile(path: url.path) }
            return SymmetricKey(data: data)
        }
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let key = SymmetricKey(size: .bits256)
        let data = key.withUnsafeBytes { Data($0) }
        guard FileManager.default.createFile(atPath: url.path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        return key
    }

    /// The key file exists but does not hold a key.
    struct InvalidKeyFile: Error, CustomStringConvertible {
        /// The file.
        let path: String
        var description: String { "\(path) must hold exactly 32 bytes; move it away to let the server create a new key (existing device tokens stop working)" }
    }
}
