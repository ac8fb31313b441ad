import Accounts
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Requires every request below it to carry a valid credential of one of the accepted kinds.
///
/// The first authenticator that finds its kind of credential decides: a valid one sets
/// ``ChanceryRequestContext/identity``, an invalid one ends the request with 401 (no
/// falling through to weaker schemes). A request with no credential at all gets 401 with a
/// `WWW-Authenticate` challenge for each scheme that has one. While the client's address or
/// the user is locked out after too many wrong passwords or API keys, the request ends with
/// 429 and `Retry-After` (``Accounts/TooManyFailedAttempts``) before any password is hashed.
///
/// ```swift
/// let api = router.group("api/v1")
///     .add(middleware: AuthenticationMiddleware(accounts: accounts, authenticators: .standard))
/// ```
public struct AuthenticationMiddleware: RouterMiddleware {
    public typealias Context = ChanceryRequestContext

    private let accounts: AccountStore
    private let authenticators: [any Authenticator]

    /// Creates the middleware.
    public init(accounts: AccountStore, authenticators: [any Authenticator]) {
        self.accounts = accounts
        self.authenticators = authenticators
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let principal = try await authenticate(request, clientAddress: context.clientAddress, logger: context.logger)
        var context = context
        context.identity = principal
        context.logger[metadataKey: "user"] = "\(principal.userName)"
        return try await next(request, context)
    }

    private func authenticate(_ request: Request, clientAddress: String?, logger: Logger) async throws -> Principal {
        for authenticator in authenticators {
            switch try await authenticator.authenticate(request, accounts: accounts, clientAddress: clientAddress) {
            case .absent:
                continue
            case .authenticated(let principal):
                return principal
            case .rejected(let reason):
                logger.notice("authentication rejected", metadata: ["reason": "\(reason)"])
                throw APIError(.unauthorized, reason, headers: challenges)
            }
        }
        throw APIError(.unauthorized, "authentication required", headers: challenges)
    }

    private var challenges: HTTPFields {
        var fields = HTTPFields()
        for challenge in authenticators.compactMap(\.challenge) {
            fields.append(HTTPField(name: .wwwAuthenticate, value: challenge))
        }
        return fields
    }
}

extension Array where Element == any Authenticator {
    /// Every scheme Chancery's own endpoints accept: Basic, `X-Api-Key`, `app-token` and Bearer.
    public static var standard: [any Authenticator] {
        [BasicAuthenticator(), APIKeyAuthenticator.xAPIKey, APIKeyAuthenticator.appToken, BearerAuthenticator()]
    }
}
