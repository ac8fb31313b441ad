import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// Refuses requests whose declared body is larger than the server accepts, before any of it
/// is read.
///
/// Bodies without a `Content-Length` (chunked uploads) are bounded where they are consumed:
/// decoded bodies by ``ChanceryRequestContext/maxUploadSize``, streamed uploads by the
/// `maxSize` of the blob store write.
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
        }
        return try await next(request, context)
    }
}
