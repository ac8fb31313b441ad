import Accounts
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// `Authorization: Bearer TOKEN` with an access token issued by Chancery.
public struct BearerAuthenticator: Authenticator {
    /// Creates the authenticator.
    public init() {}

    public var challenge: String? { "Bearer" }

    public func authenticate(_ request: Request, accounts: AccountStore, clientAddress: String?) async throws -> AuthenticationOutcome {
        guard let token = request.headers.authorizationCredentials(scheme: "Bearer") else { return .absent }
        guard let principal = try await accounts.authenticate(accessToken: token) else {
            return .rejected(reason: "unknown or expired access token")
        }
        return .authenticated(principal)
    }
}
