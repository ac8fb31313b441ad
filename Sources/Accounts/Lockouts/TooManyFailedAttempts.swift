import Foundation

/// The refusal of a credential check while its user or client address is locked out after
/// too many failures: the HTTP layer answers it with 429 and `Retry-After`.
public struct TooManyFailedAttempts: Error, Equatable, CustomStringConvertible {
    /// Which subject is locked (the one locked longest when several are).
    public let subject: LockoutSubject
    /// Whole seconds until the lock ends, at least 1.
    public let retryAfter: Int

    /// The refusal for `subject`, locked for `remaining` more seconds.
    public init(subject: LockoutSubject, remaining: TimeInterval) {
        self.subject = subject
        self.retryAfter = max(1, Int(remaining.rounded(.up)))
    }

    /// The sentence a sign-in page shows a person: how long to wait, in seconds under a
    /// minute, else in whole minutes rounded up.
    public var sentenceForPeople: String {
        let wait =
            retryAfter < 60
            ? "\(retryAfter) second\(retryAfter == 1 ? "" : "s")"
            : "\((retryAfter + 59) / 60) minute\(retryAfter <= 60 ? "" : "s")"
        return "Too many wrong passwords. Try again in \(wait)."
    }

    public var description: String {
        let what = subject.kind == .user ? "for this user" : "from this address"
        return "too many failed sign-in attempts \(what): try again in \(retryAfter) second\(retryAfter == 1 ? "" : "s")"
    }
}
