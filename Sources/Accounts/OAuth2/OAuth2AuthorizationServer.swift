import Foundation
import SQLKit
import Storage

/// The OAuth2 authorization server of the platform, without HTTP: it issues authorization
/// codes (with PKCE `S256`), exchanges them, rotates refresh tokens, serves the client
/// credentials grant, revokes, and checks the access tokens it issued.
///
/// Access tokens are ES256 JWTs signed with ``signingKey`` (anyone holding the JWKS can verify
/// them); refresh tokens and codes are random secrets stored as SHA-256 hashes.
///
/// Refresh tokens form *families*: the tokens descending, rotation by rotation, from one
/// authorization code. Using a code twice, or a refresh token that was already rotated or
/// revoked, revokes the whole family, since one of the two users is an attacker
/// (RFC 6749 §4.1.2, RFC 9700 §4.14.2).
///
/// Every operation takes the time as `now`, so tests can move it.
///
/// ```swift
/// let server = OAuth2AuthorizationServer(accounts: accounts, signingKey: key, issuer: "https://chancery.example")
/// let code = try await server.issueAuthorizationCode(clientID: app.id, userID: alice.id,
///     redirectURI: "com.example.app:/callback", codeChallenge: challenge, codeChallengeMethod: "S256", scope: nil)
/// let tokens = try await server.exchange(code: code, redirectURI: "com.example.app:/callback",
///     codeVerifier: verifier, clientID: app.id, clientSecret: nil)
/// let principal = try await server.principal(forAccessToken: tokens.accessToken)  // alice
/// ```
public struct OAuth2AuthorizationServer: Sendable {
    /// How far a token's `exp` and `iat` may be off, for clocks that disagree a little.
    public static let clockSkewLeeway: TimeInterval = 30
    /// How long used or expired authorization codes are remembered, so that a replay within
    /// this time still revokes what the first redemption got.
    static let usedCodeRetention: TimeInterval = 24 * 3600

    /// The users the tokens act for.
    public let accounts: AccountStore
    /// The registered clients.
    public let clients: OAuth2ClientStore
    /// The key that signs access tokens.
    public var signingKey: JSONWebTokenKey { keys.current }
    /// The keys whose tokens are accepted: the signing key, and during a rotation the next or
    /// previous one (``Storage/KeyRing``).
    public let keys: KeyRing<JSONWebTokenKey>
    /// The `iss` of the tokens: the server's public base URL.
    public let issuer: String
    /// How long codes and tokens stay valid.
    public let lifetimes: OAuth2TokenLifetimes

    /// A server over the account tables of `accounts`, whose `accounts` migrations must
    /// have run.
    public init(accounts: AccountStore, signingKey: JSONWebTokenKey, issuer: String, lifetimes: OAuth2TokenLifetimes = OAuth2TokenLifetimes()) {
        self.init(accounts: accounts, keys: KeyRing(current: signingKey), issuer: issuer, lifetimes: lifetimes)
    }

    /// A server that signs with the current key of `keys` and accepts tokens of all of them.
    public init(accounts: AccountStore, keys: KeyRing<JSONWebTokenKey>, issuer: String, lifetimes: OAuth2TokenLifetimes = OAuth2TokenLifetimes()) {
        self.accounts = accounts
        self.clients = OAuth2ClientStore(database: accounts.database)
        self.keys = keys
        self.issuer = issuer
        self.lifetimes = lifetimes
    }

    /// The keys that verify the access tokens, for the JWKS endpoint: every accepted key, so
    /// that a resource server that checks tokens itself accepts them through a rotation.
    public var jsonWebKeySet: JSONWebKeySet { JSONWebKeySet(keys: keys.accepted.map(\.publicJWK)) }

    /// The client `clientID`, authenticated as RFC 6749 §2.3 asks: a confidential client
    /// must give its secret, a public client must give none.
    ///
    /// - Throws: ``OAuth2Error`` `invalid_client`.
    public func authenticateClient(id clientID: String, secret: String?) async throws -> OAuth2Client {
        if let secret {
            if let client = try await clients.authenticate(clientID: clientID, secret: secret) { return client }
            if try await clients.client(id: clientID)?.kind == .public {
                throw OAuth2Error.invalidClient("client \(clientID) is public and has no secret")
            }
            throw OAuth2Error.invalidClient("unknown client or wrong client secret")
        }
        guard let client = try await clients.client(id: clientID) else { throw OAuth2Error.invalidClient("unknown client \(clientID)") }
        guard client.kind == .public else { throw OAuth2Error.invalidClient("client \(clientID) must authenticate with its secret") }
        return client
    }

    // MARK: Issuing

    /// A signed access token for `userID` and `clientID` with `scope`, valid from `now`.
    func accessToken(userID: String, clientID: String, scope: String, now: Date) throws -> String {
        let issuedAt = Int(now.timeIntervalSince1970)
        let claims = OAuth2AccessTokenClaims(
            iss: issuer, sub: userID, clientID: clientID, scope: scope,
            iat: issuedAt, exp: issuedAt + lifetimes.accessToken.wholeSeconds, jti: UUID().uuidString.lowercased()
        )
        return try signingKey.sign(claims)
    }

    /// Stores a new refresh token of `familyID` and returns it; deletes expired ones on the way.
    func insertRefreshToken(
        familyID: String, clientID: String, userID: String, scope: String, now: Date, in sql: any SQLDatabase
    ) async throws -> String {
        let token = Secret.generate(prefix: "chr_")
        try await sql.delete(from: "oauth2_refresh_tokens").where("expires_at", .lessThan, SQLBind(now)).run()
        try await sql.insert(into: "oauth2_refresh_tokens")
            .columns("token_hash", "family_id", "client_id", "user_id", "scope", "created_at", "expires_at")
            .values(
                SQLBind(Secret.hash(token)), SQLBind(familyID), SQLBind(clientID), SQLBind(userID), SQLBind(scope),
                SQLBind(now), SQLBind(now.addingTimeInterval(TimeInterval(lifetimes.refreshToken.wholeSeconds)))
            )
            .run()
        return token
    }

    /// The token endpoint's answer: an access token, and a refresh token when one is given.
    func tokenResponse(accessToken: String, refreshToken: String?, scope: String) -> OAuth2TokenResponse {
        OAuth2TokenResponse(
            accessToken: accessToken, expiresIn: lifetimes.accessToken.wholeSeconds,
            refreshToken: refreshToken, refreshTokenExpiresIn: refreshToken == nil ? nil : lifetimes.refreshToken.wholeSeconds,
            scope: scope
        )
    }

    /// Revokes every live refresh token of `familyID`.
    func revokeFamily(_ familyID: String, now: Date, in sql: any SQLDatabase) async throws {
        try await sql.update("oauth2_refresh_tokens").set("revoked_at", to: now)
            .where("family_id", .equal, familyID).where("revoked_at", .is, SQLLiteral.null).run()
    }

    /// Throws `invalid_grant` unless user `userID` still exists and is not disabled.
    func requireUser(_ userID: String, in sql: any SQLDatabase) async throws {
        let user = try await sql.select().column("disabled_at").from("account_users").where("id", .equal, userID).first()
        guard let user else { throw OAuth2Error.invalidGrant("the user the grant was for no longer exists") }
        guard try user.decode(column: "disabled_at", as: Date?.self) == nil else {
            throw OAuth2Error.invalidGrant("the user the grant is for is disabled")
        }
    }
}
