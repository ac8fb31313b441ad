import Crypto
import Foundation

/// A key that signs and verifies JSON Web Tokens with ES256 (RFC 7519, RFC 7515 compact form,
/// RFC 7518 §3.4: ECDSA P-256 with SHA-256, the signature as r‖s).
///
/// Tokens name the key by its RFC 7638 thumbprint in `kid`, so a verifier holding several keys
/// (after a rotation) knows which one to use.
public struct JSONWebTokenKey: Sendable {
    /// The private key.
    public let privateKey: P256.Signing.PrivateKey
    /// The key id: the base64url SHA-256 thumbprint of the public key (RFC 7638).
    public let id: String

    /// The key `privateKey`.
    public init(privateKey: P256.Signing.PrivateKey) {
        self.privateKey = privateKey
        let (x, y) = Self.coordinates(of: privateKey.publicKey)
        // RFC 7638: the required members in lexicographic order, no whitespace.
        let thumbprintInput = #"{"crv":"P-256","kty":"EC","x":"\#(x)","y":"\#(y)"}"#
        id = Base64URL.encode(SHA256.hash(data: Data(thumbprintInput.utf8)))
    }

    /// The public key as a JSON Web Key.
    public var publicJWK: JSONWebKey {
        let (x, y) = Self.coordinates(of: privateKey.publicKey)
        return JSONWebKey(x: x, y: y, kid: id)
    }

    /// `claims` as a signed token: `base64url(header).base64url(claims).base64url(signature)`,
    /// the header being `{"alg":"ES256","kid":…,"typ":"JWT"}`.
    public func sign<Claims: Encodable>(_ claims: Claims) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let header = try encoder.encode(Header(alg: "ES256", kid: id, typ: "JWT"))
        let signingInput = Base64URL.encode(header) + "." + Base64URL.encode(try encoder.encode(claims))
        let signature = try privateKey.signature(for: Data(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(signature.rawRepresentation)
    }

    /// The claims of `token` after checking that this key signed it with ES256.
    ///
    /// Only the signature and the form are checked here; what the claims say (expiry,
    /// audience, …) is for the caller to judge.
    ///
    /// - Throws: ``JSONWebTokenError``.
    public func verify<Claims: Decodable>(_ token: String, as claims: Claims.Type = Claims.self) throws(JSONWebTokenError) -> Claims {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformed("a token has three parts, this one has \(parts.count)") }
        guard let headerBytes = Base64URL.decode(String(parts[0])),
            let header = try? JSONDecoder().decode(Header.self, from: headerBytes)
        else {
            throw .malformed("the header is not base64url JSON with alg and kid")
        }
        guard header.alg == "ES256" else { throw .unexpectedHeader("alg \(header.alg), expected ES256") }
        guard header.kid == id else { throw .unexpectedHeader("kid \(header.kid ?? "none") is not this key's") }
        guard let signatureBytes = Base64URL.decode(String(parts[2])),
            let signature = try? P256.Signing.ECDSASignature(rawRepresentation: signatureBytes)
        else {
            throw .malformed("the signature is not 64 bytes of base64url")
        }
        let signingInput = Data("\(parts[0]).\(parts[1])".utf8)
        guard privateKey.publicKey.isValidSignature(signature, for: signingInput) else { throw .badSignature }
        guard let claimBytes = Base64URL.decode(String(parts[1])), let decoded = try? JSONDecoder().decode(Claims.self, from: claimBytes) else {
            throw .malformed("the claims are not the JSON expected")
        }
        return decoded
    }

    /// The JOSE header of the tokens.
    private struct Header: Codable {
        let alg: String
        let kid: String?
        let typ: String?
    }

    /// The x and y coordinates of `publicKey`, base64url.
    private static func coordinates(of publicKey: P256.Signing.PublicKey) -> (x: String, y: String) {
        let raw = publicKey.rawRepresentation
        return (Base64URL.encode(raw.prefix(32)), Base64URL.encode(raw.suffix(32)))
    }
}
