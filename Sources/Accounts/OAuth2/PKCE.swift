import Crypto
import Foundation

/// Proof Key for Code Exchange (RFC 7636) with the `S256` method only: the client proves at
/// the token endpoint that it is the one that asked for the authorization code.
///
/// `plain` is refused: it protects nothing once the authorization request is seen.
public enum PKCE {
    /// The one challenge method accepted.
    public static let method = "S256"

    /// Whether `verifier` has the form RFC 7636 §4.1 requires: 43 to 128 characters of
    /// `[A-Za-z0-9-._~]`.
    public static func isValidVerifier(_ verifier: String) -> Bool {
        (43...128).contains(verifier.utf8.count) && verifier.utf8.allSatisfy(isUnreserved)
    }

    /// Whether `challenge` could be an `S256` challenge: 43 characters of base64url.
    public static func isValidChallenge(_ challenge: String) -> Bool {
        challenge.utf8.count == 43 && Base64URL.decode(challenge)?.count == 32
    }

    /// The `S256` challenge of `verifier`: BASE64URL(SHA256(ASCII(verifier))).
    public static func challenge(for verifier: String) -> String {
        Base64URL.encode(SHA256.hash(data: Data(verifier.utf8)))
    }

    /// Whether `verifier` answers `challenge` made with `method`; always `false` for a method
    /// other than `S256` or a malformed verifier.
    public static func verify(verifier: String, challenge: String, method: String) -> Bool {
        guard method == Self.method, isValidVerifier(verifier) else { return false }
        return ConstantTime.equal(Self.challenge(for: verifier), challenge)
    }

    /// Whether `byte` is an unreserved URI character (RFC 3986 §2.3).
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
