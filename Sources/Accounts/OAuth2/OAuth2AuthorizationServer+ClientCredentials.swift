import Foundation
import Storage

/// The client credentials grant (RFC 6749 §4.4): how a device (an edge, whose client id is its
/// UUID) gets an access token with its own secret.
extension OAuth2AuthorizationServer {
    /// An access token for the client's owner user (`grant_type=client_credentials`). No
    /// refresh token is issued: the client can always ask again (RFC 6749 §4.4.3).
    ///
    /// - Parameter scope: The scope asked for, as sent (`nil` for none).
    /// - Throws: ``OAuth2Error``: `invalid_client` for a wrong secret or a public client,
    ///   `unauthorized_client` when the client has no owner user, `invalid_scope`.
    public func clientCredentials(clientID: String, clientSecret: String, scope: String?, now: Date = Date()) async throws -> OAuth2TokenResponse {
        let client = try await authenticateClient(id: clientID, secret: clientSecret)
        guard let ownerUserID = client.ownerUserID else {
            throw OAuth2Error.unauthorizedClient("client \(client.id) has no owner user to act for")
        }
        let grantedScope = try OAuth2Scope(parsing: scope).description
        try await accounts.database.withReadConnection { sql in try await requireUser(ownerUserID, in: sql) }
        let accessToken = try accessToken(userID: ownerUserID, clientID: client.id, scope: grantedScope, now: now)
        return tokenResponse(accessToken: accessToken, refreshToken: nil, scope: grantedScope)
    }
}
