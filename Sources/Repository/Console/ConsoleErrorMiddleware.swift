import HTTPSupport
import HTTPTypes
import Hummingbird

/// Answers the console's errors with pages rather than JSON: 401 (keeping the
/// `WWW-Authenticate` challenges, so that browsers ask for a password), 403, 404 and 400
/// (see ``ConsoleErrorPage``).
///
/// It sits above the console's ``HTTPSupport/AuthenticationMiddleware``. Errors that are the
/// server's fault pass through to ``HTTPSupport/ErrorMiddleware``, which logs them with the
/// request id.
struct ConsoleErrorMiddleware: RouterMiddleware {
    typealias Context = ChanceryRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as RepositoryError {
            return page(for: error.apiError)
        } catch {
            guard let apiError = APIError(translating: error) else { throw error }
            return page(for: apiError)
        }
    }

    private func page(for error: APIError) -> Response {
        ConsoleResponse.page(ConsoleErrorPage.html(status: error.status, message: error.message), status: error.status, headers: error.headers)
    }
}
