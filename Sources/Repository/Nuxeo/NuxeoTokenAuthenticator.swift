import Accounts
import HTTPSupport
import Hummingbird

/// `X-Authentication-Token: <token>`: Nuxeo's device tokens, issued by
/// `GET /nuxeo/authentication/token`.
struct NuxeoTokenAuthenticator: Authenticator {
    var challenge: String? { nil }

    func authenticate(_ request: Request, accounts: AccountStore, clientAddress: String?) async throws -> AuthenticationOutcome {
        guard let token = request.headers[.xAuthenticationToken] else { return .absent }
        guard let principal = try await accounts.authenticate(deviceToken: token) else {
            return .rejected(reason: "unknown or revoked authentication token")
        }
        return .authenticated(principal)
    }
}
