import Foundation
import SQLKit
import Storage

/// Checking the access tokens the server issued, for every request that carries one.
extension OAuth2AuthorizationServer {
    /// The claims of `token` when it is an access token of this server that is valid at `now`:
    /// signed by one of the accepted ``keys``, with this ``issuer``, not expired and not issued in the
    /// future (each with ``clockSkewLeeway``); `nil` otherwise.
    ///
    /// This checks the token alone, without the database; ``principal(forAccessToken:now:)``
    /// also checks that its user and client still exist.
    public func verifiedClaims(ofAccessToken token: String, now: Date = Date()) -> OAuth2AccessTokenClaims? {
        // A token names its key (`kid`): a key that is not the one fails before its signature is checked.
        let verified = keys.accepted.lazy.compactMap { try? $0.verify(token, as: OAuth2AccessTokenClaims.self) }.first
        guard let claims = verified, claims.iss == issuer else { return nil }
        let time = now.timeIntervalSince1970
        guard TimeInterval(claims.exp) + Self.clockSkewLeeway > time, TimeInterval(claims.iat) - Self.clockSkewLeeway <= time else { return nil }
        return claims
    }

    /// The user `token` acts for, with their groups, or `nil` when the token is not valid
    /// (see ``verifiedClaims(ofAccessToken:now:)``) or its user or client has been deleted, or its user disabled.
    public func principal(forAccessToken token: String, now: Date = Date()) async throws -> Principal? {
        guard let claims = verifiedClaims(ofAccessToken: token, now: now) else { return nil }
        return try await accounts.database.withReadConnection { sql -> Principal? in
            let client = try await sql.select().column("client_id").from("oauth2_clients").where("client_id", .equal, claims.clientID).first()
            guard client != nil,
                let userName = try await sql.select().column("name").from("account_users").where("id", .equal, claims.sub)
                    .where("disabled_at", .is, SQLLiteral.null)
                    .first(decodingColumn: "name", as: String.self)
            else { return nil }
            let groups = try await AccountStore.groupNames(userID: claims.sub, in: sql)
            return Principal(userID: claims.sub, userName: userName, groups: Set(groups), credential: .accessToken)
        }
    }
}
