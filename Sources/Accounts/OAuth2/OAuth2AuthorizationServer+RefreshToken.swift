import Foundation
import SQLKit
import Storage

/// The refresh token grant with rotation (RFC 6749 §6, RFC 9700 §4.14.2) and revocation
/// (RFC 7009).
extension OAuth2AuthorizationServer {
    /// Exchanges a refresh token for a new access token and a new refresh token
    /// (`grant_type=refresh_token`); the presented token is revoked.
    ///
    /// Presenting a token that was already rotated or revoked revokes its whole family: the
    /// legitimate client and an attacker both held it, and the server cannot tell which is
    /// which.
    ///
    /// - Parameter scope: A narrower scope for the new access token, or `nil` for the whole
    ///   granted scope; the new refresh token keeps the granted scope.
    /// - Throws: ``OAuth2Error``: `invalid_client`, `invalid_grant`, `invalid_scope`.
    public func refresh(
        refreshToken: String, scope: String?, clientID: String, clientSecret: String?, now: Date = Date()
    ) async throws -> OAuth2TokenResponse {
        let client = try await authenticateClient(id: clientID, secret: clientSecret)
        let requestedScope = try scope.map { try OAuth2Scope(parsing: $0) }
        let tokenHash = Secret.hash(refreshToken)
        // Failures that revoke must commit, so they are returned, and thrown after the commit.
        let outcome: Result<OAuth2TokenResponse, OAuth2Error> = try await accounts.database.withTransaction { sql in
            guard
                let row = try await sql.select()
                    .columns("family_id", "client_id", "user_id", "scope", "expires_at", "revoked_at")
                    .from("oauth2_refresh_tokens").where("token_hash", .equal, tokenHash).first()
            else { return .failure(.invalidGrant("unknown refresh token")) }
            guard try row.decode(column: "client_id", as: String.self) == client.id else {
                return .failure(.invalidGrant("the refresh token was issued to another client"))
            }
            let familyID = try row.decode(column: "family_id", as: String.self)
            if try row.decode(column: "revoked_at", as: Date?.self) != nil {
                return try await refuseReusedRefreshToken(familyID: familyID, now: now, in: sql)
            }
            guard try row.decode(column: "expires_at", as: Date.self) > now else {
                return .failure(.invalidGrant("the refresh token has expired"))
            }
            let grantedScope = try OAuth2Scope(parsing: try row.decode(column: "scope", as: String.self))
            if let requestedScope, !requestedScope.isSubset(of: grantedScope) {
                return .failure(.invalidScope("the requested scope exceeds the granted scope '\(grantedScope)'"))
            }
            let rotated = try await sql.update("oauth2_refresh_tokens").set("revoked_at", to: now)
                .where("token_hash", .equal, tokenHash).where("revoked_at", .is, SQLLiteral.null)
                .returning("token_hash").all()
            guard !rotated.isEmpty else {
                // Another request rotated it between our read and our write.
                return try await refuseReusedRefreshToken(familyID: familyID, now: now, in: sql)
            }
            let userID = try row.decode(column: "user_id", as: String.self)
            try await requireUser(userID, in: sql)
            let newRefreshToken = try await insertRefreshToken(
                familyID: familyID, clientID: client.id, userID: userID, scope: grantedScope.description, now: now, in: sql
            )
            let accessScope = (requestedScope ?? grantedScope).description
            let accessToken = try accessToken(userID: userID, clientID: client.id, scope: accessScope, now: now)
            return .success(tokenResponse(accessToken: accessToken, refreshToken: newRefreshToken, scope: accessScope))
        }
        return try outcome.get()
    }

    /// Revokes `token` for the authenticated client (RFC 7009): a refresh token is revoked
    /// with its whole family. A token the server does not know, an access token among them,
    /// is not an error: there is nothing to revoke.
    ///
    /// - Throws: ``OAuth2Error``: `invalid_client`; `unauthorized_client` when the token was
    ///   issued to another client.
    public func revoke(token: String, clientID: String, clientSecret: String?, now: Date = Date()) async throws {
        let client = try await authenticateClient(id: clientID, secret: clientSecret)
        try await accounts.database.withTransaction { sql in
            guard
                let row = try await sql.select().columns("family_id", "client_id")
                    .from("oauth2_refresh_tokens").where("token_hash", .equal, Secret.hash(token)).first()
            else { return }
            guard try row.decode(column: "client_id", as: String.self) == client.id else {
                throw OAuth2Error.unauthorizedClient("the token was issued to another client")
            }
            try await revokeFamily(try row.decode(column: "family_id", as: String.self), now: now, in: sql)
        }
    }

    /// Revokes the family of a reused refresh token, and the refusal to return.
    private func refuseReusedRefreshToken(
        familyID: String, now: Date, in sql: any SQLDatabase
    ) async throws -> Result<OAuth2TokenResponse, OAuth2Error> {
        try await revokeFamily(familyID, now: now, in: sql)
        return .failure(.invalidGrant("the refresh token was already used or revoked; every token of its grant is revoked now"))
    }
}
