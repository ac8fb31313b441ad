import HTTPSupport
import HTTPTypes
import Hummingbird

/// Turns the catalog's ``CatalogError``s into ``HTTPSupport/APIError``s, which the intdash
/// error format renders: unknown or invisible things are 404, name and label clashes and protected
/// measurements 409, refused actions 403, bad values 400. The administration pages use it too.
public struct CatalogErrorMiddleware: RouterMiddleware {
    /// The context of the routes it wraps.
    public typealias Context = ChanceryRequestContext

    /// The middleware.
    public init() {}

    /// Runs `next`, turning a ``CatalogError`` it throws into an ``HTTPSupport/APIError``.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as CatalogError {
            throw Self.apiError(for: error)
        }
    }

    /// The API error for `error`, with its description as the message (the Telemetry console
    /// shows the same statuses as pages).
    static func apiError(for error: CatalogError) -> APIError {
        APIError(status(of: error), error.description)
    }

    private static func status(of error: CatalogError) -> HTTPResponse.Status {
        switch error {
        case .edgeNotFound, .measurementNotFound, .baseTimeNotFound, .markerNotFound, .signalNotFound: return .notFound
        case .edgeNameTaken, .signalLabelTaken, .measurementExists, .measurementProtected: return .conflict
        case .forbidden: return .forbidden
        case .invalid: return .badRequest
        }
    }
}
