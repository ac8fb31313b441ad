import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Turns every error thrown below it into a response in the error format of the API whose
/// mount point the request path falls under.
///
/// It sits at the root of the router, so unknown routes and errors thrown by other
/// middleware reach it too. Errors that are the server's fault are logged with the request
/// id and answered with a 500 that reveals nothing about them.
public struct ErrorMiddleware: RouterMiddleware {
    public typealias Context = ChanceryRequestContext

    private let formats: [(prefix: String, format: any ErrorFormat)]
    private let fallback: any ErrorFormat

    /// Creates the middleware.
    ///
    /// - Parameters:
    ///   - formats: The error format of each API, by path prefix (`/nuxeo`, `/qed/v1`, …).
    ///     The longest matching prefix wins.
    ///   - fallback: The format for paths no prefix matches.
    public init(formats: [(prefix: String, format: any ErrorFormat)] = [], fallback: any ErrorFormat = ChanceryErrorFormat()) {
        self.formats = formats.sorted { $0.prefix.count > $1.prefix.count }
        self.fallback = fallback
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let apiError: APIError
            if let translated = APIError(translating: error) {
                apiError = translated
            } else {
                context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
                apiError = APIError(.internalServerError, "internal server error; quote request id \(context.id) when reporting it")
            }
            return format(for: request.uri.path).response(for: apiError, requestID: context.id)
        }
    }

    private func format(for path: String) -> any ErrorFormat {
        formats.first { path == $0.prefix || path.hasPrefix($0.prefix + "/") }?.format ?? fallback
    }
}
