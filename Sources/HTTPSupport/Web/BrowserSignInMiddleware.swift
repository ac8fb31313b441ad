import Accounts
import Foundation
import HTTPTypes
import Hummingbird
import Logging

/// Requires a signed-in browser (``BrowserSession``) for the pages below it, and the session's
/// form token on every request that changes something.
///
/// - A request without a session, or whose session has ended, is sent to the sign-in page
///   (`303 See Other` to ``signInPath``), which brings a `GET` back to where it was.
/// - A request other than `GET` or `HEAD` must carry the form token in the form field
///   ``BrowserSession/formTokenField`` (of an `application/x-www-form-urlencoded` or
///   `multipart/form-data` body, read here and handed on) or the header
///   ``BrowserSession/formTokenHeader``; without it the request
///   ends with 403 before the page's handler runs, so no form of another site can act for the
///   person.
public struct BrowserSignInMiddleware: RouterMiddleware {
    public typealias Context = ChanceryRequestContext

    /// Where a browser signs in.
    public static let signInPath = "/sign-in"

    private let accounts: AccountStore

    /// Creates the middleware, which checks sessions against `accounts`.
    public init(accounts: AccountStore) {
        self.accounts = accounts
    }

    public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard let token = BrowserSession.token(in: request), let principal = try await accounts.authenticate(accessToken: token) else {
            let returning = request.method == .get ? request.uri.description : nil
            return Self.signInRedirect(returningTo: returning)
        }
        var request = request
        if request.method != .get && request.method != .head {
            var candidate = request.headers[BrowserSession.formTokenHeader]
            if candidate == nil { candidate = try await request.formFields()?[BrowserSession.formTokenField] }
            if candidate == nil { candidate = try await Self.multipartFormToken(of: &request) }
            guard BrowserSession.isFormToken(candidate, ofSession: token) else {
                throw APIError(.forbidden, "This form did not come from this site's pages in this browser, or the sign-in it was made for has ended.")
            }
        }
        var context = context
        context.identity = principal
        context.logger[metadataKey: "user"] = "\(principal.userName)"
        return try await next(request, context)
    }

    /// The largest `multipart/form-data` body a page may send (a file to upload and a few
    /// fields): the SignWell API's limit of a document's body.
    public static let maximumMultipartBytes = 96 << 20

    /// The form token of a `multipart/form-data` body (a form that uploads a file), read here
    /// and handed on with the request; `nil` for another body or a form without it.
    private static func multipartFormToken(of request: inout Request) async throws -> String? {
        guard let boundary = request.headers[.contentType].flatMap(MultipartBody.boundary(ofContentType:)) else { return nil }
        let body = try await request.collectBody(upTo: maximumMultipartBytes)
        let parts = try? MultipartBody.parts(of: Data(body.readableBytesView), boundary: boundary)
        return parts?.first { $0.name == BrowserSession.formTokenField }.map { String(decoding: $0.body, as: UTF8.self) }
    }

    /// `303 See Other` to the sign-in page, which comes back to `path` (a path on this site)
    /// after sign-in.
    public static func signInRedirect(returningTo path: String?) -> Response {
        ConsolePageResponse.redirect(to: signInLink(returningTo: path))
    }

    /// The sign-in page's URL that comes back to `path` (a path on this site) after sign-in.
    public static func signInLink(returningTo path: String?) -> String {
        guard let path else { return signInPath }
        return signInPath + "?" + FormEncodedQuery.encode([("next", path)])
    }

    /// `path` when it is a path on this site (`/…`, not `//…` or `/\…`, which browsers take
    /// for another host), else `fallback`: where sign-in may send a browser.
    public static func localPath(_ path: String?, fallback: String) -> String {
        guard let path, path.hasPrefix("/"), !path.hasPrefix("//"), !path.hasPrefix("/\\"),
            !path.contains(where: { $0.isNewline || $0 == "\\" })
        else { return fallback }
        return path
    }
}
