/// How long what the authorization server issues stays valid.
public struct OAuth2TokenLifetimes: Sendable, Hashable {
    /// How long an authorization code may be redeemed: 60 seconds by default, as RFC 6749
    /// §4.1.2 suggests at most ten minutes and clients redeem at once.
    public var authorizationCode: Duration
    /// How long an access token is accepted: one hour by default.
    public var accessToken: Duration
    /// How long a refresh token may be used: 30 days by default, counted again from each
    /// rotation.
    public var refreshToken: Duration

    /// Lifetimes, each with its default unless given.
    public init(
        authorizationCode: Duration = .seconds(60),
        accessToken: Duration = .seconds(3600),
        refreshToken: Duration = .seconds(30 * 24 * 3600)
    ) {
        self.authorizationCode = authorizationCode
        self.accessToken = accessToken
        self.refreshToken = refreshToken
    }
}

extension Duration {
    /// The whole seconds of the duration.
    var wholeSeconds: Int { Int(components.seconds) }
}
