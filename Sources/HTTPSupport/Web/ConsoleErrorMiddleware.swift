import HTTPTypes
import Hummingbird

/// Answers a console's errors with the console's error page rather than the API's JSON: 401
/// (keeping the `WWW-Authenticate` challenges, so that browsers ask for a password), 403, 404,
/// 400 and the other statuses a client causes.
///
/// It sits above the console's ``AuthenticationMiddleware``. An error becomes a page when it is
/// an ``APIError``, when the console's `translate` turns it into one (the errors of its own
/// domain) or when ``APIError/init(translating:)`` does; errors that are the server's fault pass
/// through to ``ErrorMiddleware``, which logs them with the request id.
///
/// ```swift
/// router.group("console")
///     .add(middleware: ConsoleErrorMiddleware { error in
///         ConsolePageResponse.page(errorPage(error), policy: policy, status: error.status, headers: error.headers)
///     })
/// ```
public struct ConsoleErrorMiddleware: RouterMiddleware {
    public typealias Context = ChanceryRequestContext

    private let translate: @Sendable (any Error) -> APIError?
    private let page: @Sendable (APIError) -> Response

    /// Creates the middleware of a console.
    ///
    /// - Parameters:
    ///   - translate: the API error for an error of the console's own domain; `nil` for any
    ///     other error.
    ///   - page: the console's page for an API error, with its status and headers.
    public init(
        translating translate: @escaping @Sendable (any Error) -> APIError? = { _ in nil },
        page: @escaping @Sendable (APIError) -> Response
    ) {
        self.translate = translate
        self.page = page
    }

    /// Runs the rest of the chain and answers what a client caused with a page.
    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            guard let apiError = translate(error) ?? APIError(translating: error) else { throw error }
            return page(apiError)
        }
    }
}
