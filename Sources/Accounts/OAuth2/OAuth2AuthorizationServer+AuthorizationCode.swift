import Foundation
import SQLKit
import Storage

/// The authorization code grant with PKCE (RFC 6749 §4.1, RFC 7636).
extension OAuth2AuthorizationServer {
    /// Issues an authorization code after user `userID` has signed in and agreed: the code to
    /// put in the redirect to `redirectURI`. It is stored hashed, is valid for
    /// ``OAuth2TokenLifetimes/authorizationCode`` and can be exchanged once.
    ///
    /// - Parameters:
    ///   - redirectURI: Must be one of the client's redirect URIs, character for character.
    ///   - codeChallenge: The client's PKCE challenge; required.
    ///   - codeChallengeMethod: Must be `S256`.
    ///   - scope: The scope the user agreed to, as sent (`nil` for none).
    /// - Throws: ``OAuth2Error``: `invalid_client` for an unknown client, `invalid_request`
    ///   for a redirect URI not registered or a missing or malformed challenge, `invalid_scope`.
    ///   The authorization endpoint must show these to the user rather than redirect them.
    public func issueAuthorizationCode(
        clientID: String, userID: String, redirectURI: String, codeChallenge: String, codeChallengeMethod: String,
        scope: String?, now: Date = Date()
    ) async throws -> String {
        guard let client = try await clients.client(id: clientID) else { throw OAuth2Error.invalidClient("unknown client \(clientID)") }
        guard client.redirectURIs.contains(redirectURI) else {
            throw OAuth2Error.invalidRequest("redirect_uri '\(redirectURI)' is not registered for client \(clientID)")
        }
        guard codeChallengeMethod == PKCE.method else {
            throw OAuth2Error.invalidRequest("code_challenge_method must be S256, not '\(codeChallengeMethod)'")
        }
        guard PKCE.isValidChallenge(codeChallenge) else {
            throw OAuth2Error.invalidRequest("code_challenge must be BASE64URL(SHA256(code_verifier)), 43 characters")
        }
        let grantedScope = try OAuth2Scope(parsing: scope)
        let code = Secret.generate(prefix: "chc_")
        try await accounts.database.withTransaction { sql in
            try await requireUser(userID, in: sql)
            try await sql.delete(from: "oauth2_authorization_codes")
                .where("expires_at", .lessThan, SQLBind(now.addingTimeInterval(-Self.usedCodeRetention))).run()
            try await sql.insert(into: "oauth2_authorization_codes")
                .columns("code_hash", "client_id", "user_id", "redirect_uri", "code_challenge", "scope", "created_at", "expires_at")
                .values(
                    SQLBind(Secret.hash(code)), SQLBind(clientID), SQLBind(userID), SQLBind(redirectURI), SQLBind(codeChallenge),
                    SQLBind(grantedScope.description), SQLBind(now),
                    SQLBind(now.addingTimeInterval(TimeInterval(lifetimes.authorizationCode.wholeSeconds)))
                )
                .run()
        }
        return code
    }

    /// Exchanges an authorization code for tokens (`grant_type=authorization_code`).
    ///
    /// The code must have been issued to this client, for exactly this redirect URI, less
    /// than its lifetime ago, and `codeVerifier` must answer its challenge. A code already
    /// exchanged is refused, and the refresh tokens of its first exchange are revoked.
    ///
    /// - Throws: ``OAuth2Error``: `invalid_client`, `invalid_request` (malformed verifier),
    ///   `invalid_grant`.
    public func exchange(
        code: String, redirectURI: String, codeVerifier: String, clientID: String, clientSecret: String?, now: Date = Date()
    ) async throws -> OAuth2TokenResponse {
        let client = try await authenticateClient(id: clientID, secret: clientSecret)
        guard PKCE.isValidVerifier(codeVerifier) else {
            throw OAuth2Error.invalidRequest("code_verifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~")
        }
        let codeHash = Secret.hash(code)
        // Failures that revoke must commit, so they are returned, and thrown after the commit.
        let outcome: Result<OAuth2TokenResponse, OAuth2Error> = try await accounts.database.withTransaction { sql in
            guard
                let row = try await sql.select()
                    .columns("client_id", "user_id", "redirect_uri", "code_challenge", "scope", "expires_at", "redeemed_at")
                    .from("oauth2_authorization_codes").where("code_hash", .equal, codeHash).first()
            else { return .failure(.invalidGrant("unknown authorization code")) }
            if try row.decode(column: "redeemed_at", as: Date?.self) != nil {
                return try await refuseReusedCode(codeHash, now: now, in: sql)
            }
            guard try row.decode(column: "client_id", as: String.self) == client.id else {
                return .failure(.invalidGrant("the authorization code was issued to another client"))
            }
            guard try row.decode(column: "expires_at", as: Date.self) > now else {
                return .failure(.invalidGrant("the authorization code has expired"))
            }
            guard try row.decode(column: "redirect_uri", as: String.self) == redirectURI else {
                return .failure(.invalidGrant("redirect_uri differs from the one of the authorization request"))
            }
            let challenge = try row.decode(column: "code_challenge", as: String.self)
            guard PKCE.verify(verifier: codeVerifier, challenge: challenge, method: PKCE.method) else {
                return .failure(.invalidGrant("code_verifier does not match the code_challenge"))
            }
            let familyID = UUID().uuidString.lowercased()
            let claimed = try await sql.update("oauth2_authorization_codes")
                .set("redeemed_at", to: now).set("family_id", to: familyID)
                .where("code_hash", .equal, codeHash).where("redeemed_at", .is, SQLLiteral.null)
                .returning("code_hash").all()
            guard !claimed.isEmpty else {
                // Another request exchanged it between our read and our write.
                return try await refuseReusedCode(codeHash, now: now, in: sql)
            }
            let userID = try row.decode(column: "user_id", as: String.self)
            let scope = try row.decode(column: "scope", as: String.self)
            try await requireUser(userID, in: sql)
            let refreshToken = try await insertRefreshToken(familyID: familyID, clientID: client.id, userID: userID, scope: scope, now: now, in: sql)
            let accessToken = try accessToken(userID: userID, clientID: client.id, scope: scope, now: now)
            return .success(tokenResponse(accessToken: accessToken, refreshToken: refreshToken, scope: scope))
        }
        return try outcome.get()
    }

    /// Revokes the refresh tokens issued from the first exchange of a reused code, and the
    /// refusal to return.
    private func refuseReusedCode(_ codeHash: String, now: Date, in sql: any SQLDatabase) async throws -> Result<OAuth2TokenResponse, OAuth2Error> {
        let familyID = try await sql.select().column("family_id").from("oauth2_authorization_codes")
            .where("code_hash", .equal, codeHash).first(decodingColumn: "family_id", as: String?.self)
        if let familyID = familyID ?? nil {
            try await revokeFamily(familyID, now: now, in: sql)
        }
        return .failure(.invalidGrant("the authorization code was used already; the tokens issued for it are revoked"))
    }
}
