import Crypto
import Foundation
import Storage

/// Random secrets (API keys, access tokens, generated passwords) and the hashes they are
/// stored as.
///
/// Secrets carry 256 bits of randomness, so a single SHA-256 is a sufficient stored form:
/// unlike a password, a secret cannot be guessed from its hash by trying likely values.
public enum Secret {
    /// A new secret: `prefix` followed by 32 random bytes in URL-safe base64 without padding.
    ///
    /// The prefix (`chk_` for API keys, `cht_` for access tokens) lets secret scanners and
    /// people recognize what leaked.
    public static func generate(prefix: String) -> String {
        prefix + randomText(byteCount: 32)
    }

    /// URL-safe base64 text of `byteCount` random bytes.
    public static func randomText(byteCount: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return Base64URL.encode(bytes)
    }

    /// The stored form of a secret: its SHA-256 as lowercase hex.
    public static func hash(_ secret: String) -> String {
        SHA256.hash(data: Data(secret.utf8)).hex
    }
}
