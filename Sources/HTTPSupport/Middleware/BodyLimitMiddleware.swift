import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Refuses requests whose body is larger than the server accepts: at once when its declared
/// `Content-Length` is, and as soon as more bytes than the limit have arrived when it declares
/// none (a chunked upload; ``SizeLimitedBody``). Either way the answer is a 413 in the API's
/// format.
public struct BodyLimitMiddleware: RouterMiddleware {
    public typealias Context = ChanceryRequestContext

    /// The largest body accepted, in bytes.
    public let maxBytes: Int64

    /// Creates the middleware.
    public init(maxBytes: Int64) {
        self.maxBytes = maxBytes
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        if let declared = request.headers[.contentLength] {
            guard let length = Int64(declared), length >= 0 else {
                throw APIError(.badRequest, "Content-Length '\(declared)' is not a byte count")
            }
            guard length <= maxBytes else {
                throw APIError(.contentTooLarge, "request body of \(length) bytes exceeds the limit of \(maxBytes) bytes")
            }
        } else if request.headers[.transferEncoding] != nil {
            var request = request
            request.body = RequestBody(asyncSequence: SizeLimitedBody(base: request.body, maxBytes: maxBytes))
            return try await next(request, context)
        }
        return try await next(request, context)
    }
}
