import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird

/// Where a person signs in to the web pages with their Chancery account, and out again
/// (``HTTPSupport/BrowserSession``).
///
/// ```
/// GET  /sign-in?next=/signing          → the form (or, signed in already, 303 to next)
/// POST /sign-in  username, password, sign_in_nonce, next
///                                      → 303 to next with the session cookie, or the form again
/// POST /sign-out form_token            → 303 to /sign-in, the session ended on the server
/// ```
///
/// The password goes through the accounts' ``Accounts/CredentialThrottle``, as with HTTP Basic:
/// while the user name or the browser's address is locked out the form answers 429 with
/// `Retry-After`, and no password is checked. The form itself is bound to the browser by a
/// random nonce in a short-lived `SameSite=Strict` cookie, which the form repeats, so that
/// another site cannot sign a browser in to an account of its choosing. `next` may only be a
/// path on this site.
public struct SignInRoutes: Sendable {
    /// Where a browser goes after sign-in when it was not sent from a page.
    public static let defaultNext = "/signing"
    /// The cookie and form field of the sign-in form's nonce.
    static let nonceName = "sign_in_nonce"

    private let accounts: AccountStore

    /// The routes, checking passwords against `accounts`.
    public init(accounts: AccountStore) {
        self.accounts = accounts
    }

    /// Adds the sign-in page, its stylesheet and sign-out to `router`.
    public func add(to router: Router<ChanceryRequestContext>) {
        router.add([Self.stylesheet])
        let pages = router.group().add(middleware: ConsoleErrorMiddleware { error in Self.errorPage(error) })
        pages.get("sign-in") { request, context in try await show(request, context: context) }
        pages.post("sign-in") { request, context in try await signIn(request, context: context) }
        pages.post("sign-out") { request, context in try await signOut(request, context: context) }
    }

    /// `GET /sign-in`: the form, or back to `next` for a browser signed in already.
    private func show(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let next = BrowserSignInMiddleware.localPath(request.uri.queryParameters.get("next"), fallback: Self.defaultNext)
        if let token = BrowserSession.token(in: request), try await accounts.authenticate(accessToken: token) != nil {
            return ConsolePageResponse.redirect(to: next)
        }
        return page(next: next, context: context)
    }

    /// `POST /sign-in`: checks the password and starts a session.
    private func signIn(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        var request = request
        guard let fields = try await request.formFields() else {
            throw APIError(.unsupportedMediaType, "The form was not sent as a form (application/x-www-form-urlencoded).")
        }
        let next = BrowserSignInMiddleware.localPath(fields["next"], fallback: Self.defaultNext)
        let userName = fields["username"] ?? ""
        guard let nonce = request.cookies[Self.nonceName]?.value, ConstantTime.equal(nonce, fields[Self.nonceName] ?? "") else {
            return page(
                next: next, context: context, userName: userName, message: "This page was open too long or came from another site. Sign in again.",
                status: .forbidden)
        }
        let password = fields["password"] ?? ""
        guard !userName.isEmpty, !password.isEmpty else {
            return page(next: next, context: context, userName: userName, message: "Enter your user name and password.", status: .badRequest)
        }
        let principal: Principal?
        do {
            principal = try await accounts.authenticate(userName: userName, password: password, clientAddress: context.clientAddress)
        } catch let locked as TooManyFailedAttempts {
            var response = page(next: next, context: context, userName: userName, message: locked.sentenceForPeople, status: .tooManyRequests)
            response.headers[.retryAfter] = "\(locked.retryAfter)"
            return response
        }
        guard let principal else {
            // The form again, as the OAuth2 sign-in page answers: a 401 would need a challenge.
            return page(next: next, context: context, userName: userName, message: "Wrong user name or password.")
        }
        let token = try await accounts.issueAccessToken(for: principal, lifetime: BrowserSession.lifetime)
        let secure = BrowserSession.isSecure(context.publicOrigin)
        var response = ConsolePageResponse.redirect(to: next)
        response.headers.append(HTTPField(name: .setCookie, value: BrowserSession.cookie(for: token, secure: secure).description))
        response.headers.append(HTTPField(name: .setCookie, value: Self.nonceCookie("", secure: secure, maxAge: 0).description))
        return response
    }

    /// `POST /sign-out`: ends the session on the server and in the browser.
    private func signOut(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        var request = request
        let secure = BrowserSession.isSecure(context.publicOrigin)
        if let token = BrowserSession.token(in: request) {
            let candidate = try await request.formFields()?[BrowserSession.formTokenField]
            guard BrowserSession.isFormToken(candidate, ofSession: token) else {
                throw APIError(.forbidden, "This form did not come from this site's pages in this browser.")
            }
            try await accounts.revokeAccessToken(token)
        }
        var response = ConsolePageResponse.redirect(to: BrowserSignInMiddleware.signInPath)
        response.headers[.setCookie] = BrowserSession.endingCookie(secure: secure).description
        return response
    }

    // MARK: Answers

    /// The form with a fresh nonce, which it also stores in the browser.
    private func page(
        next: String, context: ChanceryRequestContext, userName: String? = nil, message: String? = nil, status: HTTPResponse.Status = .ok
    ) -> Response {
        let nonce = Secret.randomText(byteCount: 18)
        let main = Self.templates.render(
            "sign-in-page", SignInForm(nonce: nonce, next: next, userName: userName.flatMap { $0.isEmpty ? nil : $0 }, message: message))
        let html = Self.skeleton.page(title: "Sign in", main: main)
        let cookie = Self.nonceCookie(nonce, secure: BrowserSession.isSecure(context.publicOrigin), maxAge: 60 * 60)
        return ConsolePageResponse.page(html, policy: Self.contentSecurityPolicy, status: status, headers: [.setCookie: cookie.description])
    }

    /// The page of a request that cannot be served.
    private static func errorPage(_ error: APIError) -> Response {
        let message = ConsoleErrorMessage(
            title: error.status.reasonPhrase, message: error.message,
            links: [ConsoleErrorMessage.Link("Sign in", href: BrowserSignInMiddleware.signInPath)])
        let html = skeleton.page(title: message.title, main: templates.render("console-error-page", message))
        return ConsolePageResponse.page(html, policy: contentSecurityPolicy, status: error.status, headers: error.headers)
    }

    /// What `sign-in-page.mustache` reads.
    private struct SignInForm {
        let nonce: String
        let next: String
        let userName: String?
        let message: String?
    }

    /// The cookie of the sign-in form's nonce: for the form's own path, never sent by another
    /// site's requests.
    private static func nonceCookie(_ nonce: String, secure: Bool, maxAge: Int) -> Cookie {
        Cookie(
            name: nonceName, value: nonce, maxAge: maxAge, path: BrowserSignInMiddleware.signInPath, secure: secure, httpOnly: true, sameSite: .strict
        )
    }

    /// The page's policy: its stylesheet, and its form posting to this server.
    static let contentSecurityPolicy = ContentSecurityPolicy.stylesAndForms.headerValue

    /// `sign-in.css`: the consoles' shared rules, then the page's own.
    static let stylesheet = WebAsset("sign-in.css", in: "/assets", bytes: PageSkeleton.consoleStylesheet + PackageResources.sign_in_css)

    private static let skeleton = PageSkeleton(site: "Chancery", home: "/", stylesheet: stylesheet.path)
    private static let templates = PageTemplates(["sign-in-page": PackageResources.sign_in_page_mustache])
}
