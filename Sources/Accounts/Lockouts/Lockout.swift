import Foundation

/// The recorded failures of one subject, as administrators see them.
public struct Lockout: Sendable, Equatable {
    /// Whose failures these are.
    public let subject: LockoutSubject
    /// The failed checks in a row.
    public let failures: Int
    /// When the last one happened.
    public let lastFailureAt: Date
    /// Until when every check of the subject is refused, if it is locked.
    public let lockedUntil: Date?

    /// Whether the subject is locked at `now`.
    public func isLocked(at now: Date) -> Bool {
        lockedUntil.map { $0 > now } ?? false
    }
}
