/// The successful answer of the token endpoint (RFC 6749 §5.1), with intdash's
/// `refresh_token_expires_in`. Encoded as JSON it has the wire names; the refresh token
/// members are absent when no refresh token is issued (client credentials).
public struct OAuth2TokenResponse: Codable, Sendable, Hashable {
    /// The access token, an ES256 JWT.
    public let accessToken: String
    /// Always `Bearer`.
    public let tokenType: String
    /// Seconds until the access token expires.
    public let expiresIn: Int
    /// The refresh token, when one is issued.
    public let refreshToken: String?
    /// Seconds until the refresh token expires, when one is issued.
    public let refreshTokenExpiresIn: Int?
    /// The granted scope, tokens separated by spaces.
    public let scope: String

    /// An answer carrying `accessToken` and, optionally, a refresh token.
    public init(accessToken: String, expiresIn: Int, refreshToken: String?, refreshTokenExpiresIn: Int?, scope: String) {
        self.accessToken = accessToken
        self.tokenType = "Bearer"
        self.expiresIn = expiresIn
        self.refreshToken = refreshToken
        self.refreshTokenExpiresIn = refreshTokenExpiresIn
        self.scope = scope
    }

    /// The wire names.
    enum CodingKeys: String, CodingKey {
        case accessToken = "access_token"
        case tokenType = "token_type"
        case expiresIn = "expires_in"
        case refreshToken = "refresh_token"
        case refreshTokenExpiresIn = "refresh_token_expires_in"
        case scope
    }
}
