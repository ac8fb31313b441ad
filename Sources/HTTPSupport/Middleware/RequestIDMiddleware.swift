import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Gives every response an `X-Request-Id` header with the id that tags the request's log
/// lines.
///
/// A well-formed `X-Request-Id` sent by the client (or a proxy in front of Chancery) is kept,
/// so one id follows a request through every hop.
public struct RequestIDMiddleware: RouterMiddleware {
    public typealias Context = ChanceryRequestContext

    /// Creates the middleware.
    public init() {}

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        if let incoming = request.headers[.requestID], Self.isAcceptable(incoming) {
            context.logger[metadataKey: "hb.request.id"] = "\(incoming)"
        }
        var response = try await next(request, context)
        response.headers[.requestID] = context.id
        return response
    }

    private static func isAcceptable(_ id: String) -> Bool {
        (1...128).contains(id.utf8.count) && id.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }
}
