import Accounts
import Hummingbird

/// The session cookie of a person signed in with the browser (``BrowserSession``), for pages
/// that only read: the consoles accept it next to their other credentials, so one sign-in
/// opens them all.
///
/// A cookie whose session has ended counts as no cookie (`absent`), so that the other
/// credentials of the request, such as HTTP Basic, still decide. Routes that change anything
/// take the session through ``BrowserSignInMiddleware`` instead, which also requires the form
/// token.
public struct BrowserSessionAuthenticator: Authenticator {
    /// Creates the authenticator.
    public init() {}

    public var challenge: String? { nil }

    public func authenticate(_ request: Request, accounts: AccountStore, clientAddress: String?) async throws -> AuthenticationOutcome {
        guard let token = BrowserSession.token(in: request), let principal = try await accounts.authenticate(accessToken: token) else {
            return .absent
        }
        return .authenticated(principal)
    }
}
