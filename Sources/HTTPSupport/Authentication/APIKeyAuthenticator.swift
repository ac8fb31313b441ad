import Accounts
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// An API key sent either in its own header (`X-Api-Key: KEY`) or as
/// `Authorization: app-token KEY`.
public struct APIKeyAuthenticator: Authenticator {
    /// Where a request carries the key.
    public enum Placement: Sendable {
        /// In a header of its own, such as `X-Api-Key`.
        case header(HTTPField.Name)
        /// As the credentials of an `Authorization` header with this scheme, such as `app-token`.
        case authorization(scheme: String)
    }

    /// Where this authenticator looks for the key.
    public let placement: Placement

    /// Creates the authenticator.
    public init(_ placement: Placement) {
        self.placement = placement
    }

    /// `X-Api-Key: KEY`.
    public static let xAPIKey = APIKeyAuthenticator(.header(.xAPIKey))
    /// `Authorization: app-token KEY`.
    public static let appToken = APIKeyAuthenticator(.authorization(scheme: "app-token"))

    public var challenge: String? {
        switch placement {
        case .header: return nil
        case .authorization(let scheme): return scheme
        }
    }

    public func authenticate(_ request: Request, accounts: AccountStore, clientAddress: String?) async throws -> AuthenticationOutcome {
        let key: String?
        switch placement {
        case .header(let name): key = request.headers[name]
        case .authorization(let scheme): key = request.headers.authorizationCredentials(scheme: scheme)
        }
        guard let key else { return .absent }
        guard let principal = try await accounts.authenticate(apiKey: key, clientAddress: clientAddress) else {
            return .rejected(reason: "unknown or revoked API key")
        }
        return .authenticated(principal)
    }
}
