import Crypto
import Foundation
import Storage
import TransparencyLog

/// Gives each webhook the secret that keys the `Webhook-Signature` of its deliveries, without
/// storing it: the secret is HMAC-SHA256 of the hook's id under a server key, written as
/// 64 lowercase hex digits. The key is `signing/webhook.key` in the keys directory, made on
/// first start; a copy of the database alone therefore yields no secrets.
///
/// The client sees its hook's secret once, in the answer to `POST /hooks`, and checks a
/// delivery by computing HMAC-SHA256 keyed by the secret's UTF-8 bytes (the hex text itself,
/// not the bytes it spells) over `"<t>.<body>"` (see ``WebhookSignature``).
struct WebhookSecrets: Sendable {
    private let key: SymmetricKey

    /// Uses `key` (32 random bytes).
    init(key: SymmetricKey) {
        self.key = key
    }

    /// Loads the key from `<keysDirectory>/signing/webhook.key`, creating it on first start.
    ///
    /// - Throws: ``Storage/KeyFileError`` when the key file cannot be used.
    static func loadOrCreate(in keysDirectory: String) throws -> WebhookSecrets {
        WebhookSecrets(
            key: try KeyFile(directory: keysDirectory, name: "signing/webhook.key").loadOrCreate(.symmetricKey256) { SymmetricKey(size: .bits256) })
    }

    /// The secret of the hook with id `hookID`.
    func secret(ofHook hookID: String) -> String {
        Hex.encode(Array(HMAC<SHA256>.authenticationCode(for: Data(hookID.utf8), using: key)))
    }
}
