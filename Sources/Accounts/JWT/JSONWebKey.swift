/// The public half of an ES256 signing key as a JSON Web Key (RFC 7517, RFC 7518 §6.2), the
/// form a JWKS endpoint publishes so that others can verify the tokens.
public struct JSONWebKey: Codable, Sendable, Hashable {
    /// The key type: `EC`.
    public let kty: String
    /// The curve: `P-256`.
    public let crv: String
    /// The x coordinate, base64url.
    public let x: String
    /// The y coordinate, base64url.
    public let y: String
    /// The key id tokens name in their header: the key's RFC 7638 thumbprint.
    public let kid: String
    /// What the key is for: `sig`.
    public let use: String
    /// The algorithm it signs with: `ES256`.
    public let alg: String

    /// Describes a P-256 signing key by its coordinates.
    public init(x: String, y: String, kid: String) {
        self.kty = "EC"
        self.crv = "P-256"
        self.x = x
        self.y = y
        self.kid = kid
        self.use = "sig"
        self.alg = "ES256"
    }
}
