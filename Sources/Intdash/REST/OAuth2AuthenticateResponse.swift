import Foundation

/// The tokens of a successful sign-in or refresh.
public struct OAuth2AuthenticateResponse: Sendable, Hashable {
    /// The access token.
    public var accessToken: String
    /// How long the access token lasts from ``acquiredTime``, in seconds.
    public var expiresIn: TimeInterval
    /// The refresh token; empty when the grant gives none (client credentials).
    public var refreshToken: String
    /// How long the refresh token lasts from ``acquiredTime``, in seconds; 0 when unknown.
    public var refreshTokenExpiresIn: TimeInterval
    /// When the tokens were received.
    public var acquiredTime: Date

    /// Creates a token answer.
    public init(accessToken: String, expiresIn: TimeInterval, refreshToken: String, refreshTokenExpiresIn: TimeInterval, acquiredTime: Date) {
        self.accessToken = accessToken
        self.expiresIn = expiresIn
        self.refreshToken = refreshToken
        self.refreshTokenExpiresIn = refreshTokenExpiresIn
        self.acquiredTime = acquiredTime
    }

    /// Reads the token endpoint's `{access_token, expires_in, refresh_token?, refresh_token_expires_in?}`.
    init(json: LegacyJSONObject, acquiredTime: Date) throws {
        guard let accessToken = json.optionalString("access_token"), !accessToken.isEmpty else {
            throw RESTError(kind: .failedToParseJSON, message: "the token answer has no access_token")
        }
        self.init(
            accessToken: accessToken, expiresIn: json.double("expires_in"), refreshToken: json.string("refresh_token"),
            refreshTokenExpiresIn: json.double("refresh_token_expires_in"), acquiredTime: acquiredTime
        )
    }
}

/// The answer to a refresh: new tokens.
public typealias OAuth2RefreshResponse = OAuth2AuthenticateResponse
