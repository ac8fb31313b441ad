import Accounts
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Lets a request through only when its principal belongs to a group: 401 without a
/// principal, 403 with one that is not a member.
///
/// Place it after an ``AuthenticationMiddleware``.
public struct RequireGroupMiddleware: RouterMiddleware {
    public typealias Context = ChanceryRequestContext

    /// The group whose members may pass.
    public let group: String

    /// Creates the middleware.
    public init(_ group: String) {
        self.group = group
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let principal = try context.requirePrincipal()
        guard principal.isMember(of: group) else {
            throw APIError(.forbidden, "\(principal.userName) is not a member of \(group)")
        }
        return try await next(request, context)
    }
}
