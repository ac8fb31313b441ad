import Foundation
import Locking

/// Requests at the token endpoint, `POST …/api/v1/oauth2/token`, and the renewal of a
/// session's access token.
struct OAuth2TokenGrant: Sendable {
    /// The transport of the session.
    let transport: RESTTransport

    /// Sends `fields` (with the session's client id) and stores the tokens in the session.
    func request(_ fields: [(String, String)]) async throws -> OAuth2AuthenticateResponse {
        let form = fields + [("client_id", transport.session.clientId)]
        let data = try await transport.send("POST", "/oauth2/token", form: form, authenticated: false)
        let response = try OAuth2AuthenticateResponse(json: try LegacyJSONObject(data: data), acquiredTime: Date())
        transport.session.update(withResponse: response)
        return response
    }

    /// Gets a new access token from the refresh token, or from the client credentials when the
    /// session has them, and posts ``IntdashClient/Session/didRefreshToken``.
    ///
    /// Concurrent renewals of one session share one request: refresh tokens rotate, so a
    /// second request with the same refresh token would fail.
    func renew() async throws {
        let session = transport.session
        let task = session.state.withLock { state -> Task<Void, any Error> in
            if let running = state.refresh { return running }
            let grant = self
            let (refreshToken, clientSecret) = (state.refreshToken, state.clientSecret)
            let task = Task<Void, any Error> {
                defer { session.state.withLock { $0.refresh = nil } }
                if let clientSecret {
                    _ = try await grant.request([("grant_type", "client_credentials"), ("client_secret", clientSecret)])
                } else if let refreshToken {
                    _ = try await grant.request([("grant_type", "refresh_token"), ("refresh_token", refreshToken)])
                } else {
                    throw RESTError(kind: .unauthorized, message: "the session has neither a refresh token nor client credentials")
                }
                NotificationCenter.default.post(name: IntdashClient.Session.didRefreshToken, object: session)
            }
            state.refresh = task
            return task
        }
        try await task.value
    }
}
