import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird

/// One place an intdash client puts its token: `Authorization: Bearer`, a header of its own
/// (`X-Intdash-Token`, `X-Edge-Token`) or the `_bearer_token` cookie. Whatever the place, the
/// token may be any credential ``IntdashAuthenticators/principal(forToken:server:)``
/// accepts: a JWT access token, a Chancery access token or an API key.
struct IntdashTokenAuthenticator: Authenticator {
    /// Where a request carries the token.
    enum Placement: Sendable {
        /// `Authorization: Bearer TOKEN`.
        case bearer
        /// A header of its own.
        case header(HTTPField.Name)
        /// A cookie.
        case cookie(String)
    }

    /// Where this authenticator looks.
    let placement: Placement
    /// The server whose tokens are accepted.
    let server: OAuth2AuthorizationServer

    var challenge: String? {
        switch placement {
        case .bearer: "Bearer"
        case .header, .cookie: nil
        }
    }

    func authenticate(_ request: Request, accounts: AccountStore, clientAddress: String?) async throws -> AuthenticationOutcome {
        guard let token = token(in: request), !token.isEmpty else { return .absent }
        guard let principal = try await IntdashAuthenticators.principal(forToken: token, server: server) else {
            return .rejected(reason: "unknown, expired or revoked token")
        }
        return .authenticated(principal)
    }

    /// The token of this placement in `request`, if it has one.
    private func token(in request: Request) -> String? {
        switch placement {
        case .bearer:
            guard let value = request.headers[.authorization] else { return nil }
            let parts = value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
            guard parts.count == 2, parts[0].lowercased() == "bearer" else { return nil }
            return String(parts[1]).trimmingCharacters(in: .whitespaces)
        case .header(let name):
            return request.headers[name]
        case .cookie(let name):
            return request.cookies[name]?.value
        }
    }
}
