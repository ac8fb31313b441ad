/// The claims of a Chancery access token (a JWT in the spirit of RFC 9068).
public struct OAuth2AccessTokenClaims: Codable, Sendable, Hashable {
    /// The issuer: the server's configured issuer identifier (its public base URL).
    public let iss: String
    /// The subject: the id of the user the token acts for.
    public let sub: String
    /// The client the token was issued to.
    public let clientID: String
    /// The granted scope, tokens separated by spaces.
    public let scope: String
    /// When it was issued, in seconds since 1970.
    public let iat: Int
    /// When it expires, in seconds since 1970.
    public let exp: Int
    /// A unique identifier of this token.
    public let jti: String

    /// Claims with every member given.
    public init(iss: String, sub: String, clientID: String, scope: String, iat: Int, exp: Int, jti: String) {
        self.iss = iss
        self.sub = sub
        self.clientID = clientID
        self.scope = scope
        self.iat = iat
        self.exp = exp
        self.jti = jti
    }

    /// The wire names.
    enum CodingKeys: String, CodingKey {
        case iss, sub, scope, iat, exp, jti
        case clientID = "client_id"
    }
}
