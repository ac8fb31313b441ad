import Crypto
import Foundation
import Storage

/// The server key Nuxeo device tokens are derived with (see
/// ``Accounts/AccountStore/deviceToken(for:application:deviceID:permission:description:key:)``),
/// kept in the keys folder, outside the database that holds the tokens' hashes.
enum DeviceTokenKey {
    /// The key file's name.
    static let fileName = "repository-device-token.key"

    /// The key in `directory`, a ``Storage/KeyFile`` of 32 random bytes created on first use.
    ///
    /// - Throws: ``Storage/KeyFileError`` when the file is unreadable or damaged.
    static func loadOrCreate(in directory: String) throws -> SymmetricKey {
        try KeyFile(directory: directory, name: fileName).loadOrCreate(.symmetricKey256) { SymmetricKey(size: .bits256) }
    }
}
