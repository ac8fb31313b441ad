import Crypto
import Foundation

/// The secrets of an authorization code flow with PKCE (RFC 7636, method S256).
struct OAuth2PKCE: Sendable {
    /// The code verifier: 43 characters of base64url, from 32 random bytes.
    let codeVerifier: String
    /// The state that ties the answer to the request: 22 characters from 16 random bytes.
    let state: String

    /// New random secrets.
    init() {
        codeVerifier = Self.randomBase64URL(byteCount: 32)
        state = Self.randomBase64URL(byteCount: 16)
    }

    /// The code challenge the authorization request carries: `BASE64URL(SHA256(verifier))`.
    static func codeChallenge(for codeVerifier: String) -> String {
        base64URL(Array(SHA256.hash(data: Data(codeVerifier.utf8))))
    }

    /// `byteCount` random bytes in base64url.
    private static func randomBase64URL(byteCount: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return base64URL((0..<byteCount).map { _ in UInt8.random(in: .min ... .max, using: &generator) })
    }

    /// `bytes` in base64url without padding.
    static func base64URL(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }
}
