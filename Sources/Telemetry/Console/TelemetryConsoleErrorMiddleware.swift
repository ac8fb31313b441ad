import HTTPSupport
import HTTPTypes
import Hummingbird

/// Answers the Telemetry console's errors with pages rather than JSON: 401 (keeping the
/// `WWW-Authenticate` challenges, so that browsers ask for a password), 404 for edges and
/// measurements the person may not see or that do not exist (the catalog does not tell the two
/// apart), and 400 with what was wrong.
///
/// It sits above the console's ``HTTPSupport/AuthenticationMiddleware``. Errors that are the
/// server's fault pass through to ``HTTPSupport/ErrorMiddleware``, which logs them.
struct TelemetryConsoleErrorMiddleware: RouterMiddleware {
    typealias Context = ChanceryRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as CatalogError {
            switch error {
            case .edgeNotFound, .measurementNotFound, .baseTimeNotFound, .markerNotFound: return page(.notFound, nil)
            case .forbidden(let reason): return page(.forbidden, reason)
            default: return page(.badRequest, error.description)
            }
        } catch {
            guard let apiError = APIError(translating: error) else { throw error }
            return TelemetryConsoleResponse.page(
                TelemetryErrorPage.html(status: apiError.status, message: apiError.message), status: apiError.status, headers: apiError.headers
            )
        }
    }

    private func page(_ status: HTTPResponse.Status, _ message: String?) -> Response {
        TelemetryConsoleResponse.page(TelemetryErrorPage.html(status: status, message: message), status: status)
    }
}
