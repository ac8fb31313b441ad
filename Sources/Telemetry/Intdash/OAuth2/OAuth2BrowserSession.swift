import Accounts
import Foundation

/// What the authorization endpoint remembers about one browser between its pages: a random
/// nonce, and the person signed in, if anyone. It lives in a signed cookie
/// (``OAuth2BrowserSessionSeal``), never on the server.
///
/// The nonce binds the forms to the browser: each form carries a token derived from it
/// (``OAuth2BrowserSessionSeal/formToken(for:)``), which another site cannot know. Signing in
/// replaces the nonce, so a token seen before sign-in is worth nothing after it, and a session
/// planted in a browser before sign-in is not the one it ends up with.
struct OAuth2BrowserSession: Sendable, Equatable, Codable {
    /// The person a signed-in session is for.
    struct SignedInUser: Sendable, Equatable, Codable {
        /// The user's id, checked again against the account on each use.
        let id: String
        /// The user's name, to show and to look the account up by.
        let name: String
    }

    /// How long a session cookie is accepted after it was made: half an hour, long enough
    /// to read a consent page, short enough that a shared computer forgets the person soon.
    static let lifetime: TimeInterval = 30 * 60

    /// Random text, new for every session.
    let nonce: String
    /// The person who signed in; `nil` before sign-in.
    let user: SignedInUser?
    /// When the cookie stops being accepted.
    let expiresAt: Date

    /// A new session for `user` (or for nobody yet), with a fresh nonce, valid from `now`.
    static func new(for user: SignedInUser?, now: Date) -> OAuth2BrowserSession {
        OAuth2BrowserSession(nonce: Secret.randomText(byteCount: 24), user: user, expiresAt: now.addingTimeInterval(lifetime))
    }
}
