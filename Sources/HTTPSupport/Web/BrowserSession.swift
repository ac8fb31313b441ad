import Accounts
import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// A person's sign-in in a browser: a bearer token of the account store
/// (``Accounts/AccessToken``, only its hash stored) in a cookie, and the form token every
/// change the signed-in pages make carries.
///
/// The token lives on the server, so signing out ends it everywhere at once, and it expires
/// after ``lifetime``. The cookie is `HttpOnly` (no script reads it), `SameSite=Lax` (another
/// site's forms and scripts cannot send it; a link from a mail still opens the page signed in),
/// for the whole site, and `Secure` when the public origin is `https`.
///
/// The form token is a hash of the session's token: another site cannot know it, and it ends
/// with the session. ``BrowserSignInMiddleware`` requires it of every request that is not a
/// `GET` or `HEAD`, in the form field ``formTokenField`` or the header ``formTokenHeader``.
public enum BrowserSession {
    /// The cookie's name.
    public static let cookieName = "chancery_session"
    /// How long a sign-in lasts: a working day.
    public static let lifetime: Duration = .seconds(8 * 60 * 60)
    /// The form field that carries the form token.
    public static let formTokenField = "form_token"
    /// The header that carries the form token, for a page's script that sends a request itself.
    public static let formTokenHeader = HTTPField.Name("X-Form-Token")!

    /// The session token the request's cookie holds, if any (not yet checked).
    public static func token(in request: Request) -> String? {
        guard let value = request.cookies[cookieName]?.value, !value.isEmpty else { return nil }
        return value
    }

    /// The cookie that keeps `token` in the browser until it expires, `secure` when the
    /// server is reached over HTTPS.
    public static func cookie(for token: AccessToken, secure: Bool, now: Date = Date()) -> Cookie {
        Cookie(
            name: cookieName, value: token.token, maxAge: max(0, Int(token.expiresAt.timeIntervalSince(now))), path: "/",
            secure: secure, httpOnly: true, sameSite: .lax
        )
    }

    /// The cookie that makes the browser forget its session.
    public static func endingCookie(secure: Bool) -> Cookie {
        Cookie(name: cookieName, value: "", maxAge: 0, path: "/", secure: secure, httpOnly: true, sameSite: .lax)
    }

    /// The form token of the session whose token is `token`: base64url(SHA-256("chancery form
    /// token" ‖ LF ‖ token)).
    public static func formToken(ofSession token: String) -> String {
        Base64URL.encode(SHA256.hash(data: Data("chancery form token\n\(token)".utf8)))
    }

    /// The form token of the request's session, for the pages it shows; `nil` without a session.
    public static func formToken(of request: Request) -> String? {
        token(in: request).map(formToken(ofSession:))
    }

    /// Whether `candidate` is the form token of the session `token`, compared in constant time.
    public static func isFormToken(_ candidate: String?, ofSession token: String) -> Bool {
        guard let candidate else { return false }
        return ConstantTime.equal(candidate, formToken(ofSession: token))
    }

    /// Whether cookies set for `origin` should be `Secure`.
    public static func isSecure(_ origin: PublicOrigin) -> Bool { origin.scheme == "https" }
}
