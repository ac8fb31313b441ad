import Accounts
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import Storage

/// Writes an ``OAuth2BrowserSession`` into a cookie and reads it back, with an HMAC-SHA256
/// that makes the cookie impossible to forge or to alter, and derives the forms' CSRF tokens.
///
/// The cookie, rather than a bearer token of the account store, is the sign-in session
/// because it can do one thing only: let the person who signed in at this endpoint agree to
/// an application's request during the next half hour. It is not a credential of any API,
/// costs no database row, and a stolen one cannot be replayed anywhere else.
///
/// Its MAC key is derived with HKDF-SHA256 from the token-signing key
/// (``Accounts/JSONWebTokenKey``), with a label of its own, so that it needs no key file, is
/// the same on every server instance that shares the keys directory, and changes when the
/// signing key is replaced. The derived key reveals nothing about the signing key. While the
/// signing key rotates (``Storage/KeyRing``), cookies and form tokens made with a key derived
/// from any accepted key are accepted, so that a sign-in may pass through instances that sign
/// with different keys.
///
/// The cookie is `HttpOnly` (no script reads it), `SameSite=Lax` (another site's forms
/// cannot send it), scoped to `/intdash`, and `Secure` when the issuer is an `https` URL.
struct OAuth2BrowserSessionSeal: Sendable {
    /// The cookie's name.
    static let cookieName = "chancery_oauth2_session"
    /// The path the browser sends the cookie to.
    static let cookiePath = "/intdash"

    /// The MAC key of new cookies and form tokens.
    private let key: SymmetricKey
    /// The MAC keys accepted: ``key`` first.
    private let acceptedKeys: [SymmetricKey]
    /// Whether the cookie is sent over HTTPS only.
    private let secureCookie: Bool

    /// A seal whose keys are derived from the token-signing `keys`; `secureCookie` sets the
    /// cookie's `Secure` attribute.
    init(signingKeys keys: KeyRing<JSONWebTokenKey>, secureCookie: Bool) {
        acceptedKeys = keys.accepted.map { signingKey in
            HKDF<SHA256>.deriveKey(
                inputKeyMaterial: SymmetricKey(data: signingKey.privateKey.rawRepresentation),
                salt: Data("chancery".utf8),
                info: Data("intdash oauth2 browser session v1".utf8),
                outputByteCount: 32
            )
        }
        key = acceptedKeys[0]
        self.secureCookie = secureCookie
    }

    /// The session the request's cookie holds, or `nil` when it has none, or one that was
    /// altered, forged or has expired at `now`.
    func session(in request: Request, now: Date) -> OAuth2BrowserSession? {
        guard let value = request.cookies[Self.cookieName]?.value else { return nil }
        let parts = value.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, let payload = Base64URL.decode(String(parts[0])), let mac = Base64URL.decode(String(parts[1])),
            acceptedKeys.contains(where: { HMAC<SHA256>.isValidAuthenticationCode(mac, authenticating: Data(parts[0].utf8), using: $0) })
        else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        guard let session = try? decoder.decode(OAuth2BrowserSession.self, from: payload), session.expiresAt > now else { return nil }
        return session
    }

    /// The `Set-Cookie` header that stores `session` in the browser until it expires.
    func cookie(for session: OAuth2BrowserSession, now: Date) throws -> Cookie {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = .sortedKeys
        let payload = Base64URL.encode(try encoder.encode(session))
        let mac = Base64URL.encode(HMAC<SHA256>.authenticationCode(for: Data(payload.utf8), using: key))
        return Cookie(
            name: Self.cookieName, value: payload + "." + mac,
            maxAge: max(0, Int(session.expiresAt.timeIntervalSince(now))), path: Self.cookiePath,
            secure: secureCookie, httpOnly: true, sameSite: .lax
        )
    }

    /// The token a form of `session` carries: base64url(HMAC(key, "form" ‖ nonce)).
    func formToken(for session: OAuth2BrowserSession) -> String {
        Self.formToken(for: session, key: key)
    }

    private static func formToken(for session: OAuth2BrowserSession, key: SymmetricKey) -> String {
        Base64URL.encode(HMAC<SHA256>.authenticationCode(for: Data("form\n\(session.nonce)".utf8), using: key))
    }

    /// Whether `token` is the form token of `session`, compared in constant time.
    func isFormToken(_ token: String?, of session: OAuth2BrowserSession) -> Bool {
        guard let token else { return false }
        return acceptedKeys.reduce(false) { found, key in ConstantTime.equal(token, Self.formToken(for: session, key: key)) || found }
    }
}
