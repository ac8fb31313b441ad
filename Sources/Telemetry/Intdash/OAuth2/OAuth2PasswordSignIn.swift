import Accounts
import Foundation

/// Checks a user name and password for the intdash sign-in points, through the
/// ``OAuth2SignInThrottle``.
struct OAuth2PasswordSignIn: Sendable {
    /// What a check found.
    enum Outcome: Sendable {
        /// The password is right: the user.
        case signedIn(Principal)
        /// The name or the password is wrong.
        case refused
        /// Too many wrong passwords for this name: it may try again after this many seconds.
        case locked(TimeInterval)
    }

    /// The accounts the passwords are checked against.
    let accounts: AccountStore
    /// The count of recent failures.
    let throttle: OAuth2SignInThrottle

    /// Checks `password` for `userName` at `now`, unless the name is locked.
    func check(userName: String, password: String, now: Date = Date()) async throws -> Outcome {
        if let remaining = await throttle.lockout(of: userName, now: now) { return .locked(remaining) }
        guard let principal = try await accounts.authenticate(userName: userName, password: password) else {
            await throttle.recordFailure(of: userName, now: now)
            return .refused
        }
        await throttle.recordSuccess(of: userName)
        return .signedIn(principal)
    }

    /// The sentence that tells a person how long `remaining` seconds of lockout are.
    static func lockoutMessage(_ remaining: TimeInterval) -> String {
        let minutes = max(1, Int((remaining / 60).rounded(.up)))
        return "Too many wrong passwords for this user. Try again in \(minutes) minute\(minutes == 1 ? "" : "s")."
    }
}
