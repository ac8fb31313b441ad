import Accounts
import HTTPSupport
import HTTPTypes

/// The credentials the intdash API accepts, for ``HTTPSupport/AuthenticationMiddleware``:
///
/// 1. `Authorization: Bearer TOKEN`, the access token of the OAuth2 flows;
/// 2. `X-Intdash-Token: TOKEN`, intdash's API token header;
/// 3. `X-Edge-Token: TOKEN`, the legacy edge token header of intdash-py;
/// 4. the cookie `_bearer_token`, where intdash's web pages keep the access token.
///
/// Each place takes every kind of token Chancery issues (see
/// ``principal(forToken:server:)``), so a client never has to know which kind it holds. The
/// headers come before the cookie: a request that names its credential explicitly is judged
/// by it, not by whatever cookie the browser holds.
///
/// ```swift
/// let api = router.group("intdash/api/v1")
///     .add(middleware: AuthenticationMiddleware(accounts: accounts, authenticators: IntdashAuthenticators.all(server: server)))
/// ```
public enum IntdashAuthenticators {
    /// The name of the cookie that may carry the access token.
    public static let cookieName = "_bearer_token"

    /// The authenticators of the intdash API, in the order they are tried.
    public static func all(server: OAuth2AuthorizationServer) -> [any Authenticator] {
        [
            IntdashTokenAuthenticator(placement: .bearer, server: server),
            IntdashTokenAuthenticator(placement: .header(.xIntdashToken), server: server),
            IntdashTokenAuthenticator(placement: .header(.xEdgeToken), server: server),
            IntdashTokenAuthenticator(placement: .cookie(cookieName), server: server),
        ]
    }

    /// The user `token` acts for, or `nil` when it is no valid credential: for the
    /// authenticators, and for the realtime protocols that receive a token in a message
    /// (the `access_token` of an iSCP v2 `ConnectRequest`).
    ///
    /// A token with dots is a JWT access token of `server` (checked by signature, issuer and
    /// expiry, and that its user and client still exist); any other is looked up as an API key
    /// and then as a Chancery access token.
    public static func principal(forToken token: String, server: OAuth2AuthorizationServer) async throws -> Principal? {
        if token.contains(".") {
            return try await server.principal(forAccessToken: token)
        }
        if let principal = try await server.accounts.authenticate(apiKey: token) { return principal }
        return try await server.accounts.authenticate(accessToken: token)
    }
}
