import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird

/// The revocation endpoint (RFC 7009): `POST …/revocation` with `token`, optionally
/// `token_type_hint`, and the client's identification. A refresh token is revoked with every
/// token of its grant; a token the server does not know, such as an access token (a JWT that
/// simply expires), is not an error. It answers `200` with no body.
struct OAuth2RevocationEndpoint: Sendable {
    /// The authorization server that holds the refresh tokens.
    let server: OAuth2AuthorizationServer

    /// Answers one revocation request, sent from `clientAddress`.
    func respond(to request: Request, clientAddress: String?) async throws -> Response {
        try await OAuth2ClientFormRequest.respond(to: request, clientAddress: clientAddress, throttle: server.accounts.throttle) { fields, client in
            guard let token = fields["token"], !token.isEmpty else { throw OAuth2Error.invalidRequest("token is required") }
            try await server.revoke(token: token, clientID: client.clientID, clientSecret: client.secret)
            return Response(status: .ok, headers: [.cacheControl: "no-store"])
        }
    }
}
