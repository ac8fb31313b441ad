import Foundation

/// How many failed credential checks are free and how long a lock-out lasts after that.
///
/// After the `freeFailures`-th failure in a row a subject is locked for ``firstDelay``; every
/// further failure (one can be made each time a lock expires) doubles the lock, up to
/// ``maximumDelay``. Failures are forgotten ``forgetAfter`` after the last one, and a user's
/// are forgotten at once when a right password is given (an address's are not: one valid
/// account must not reset a spray of guesses at others).
///
/// ```swift
/// let policy = LockoutPolicy(userFreeFailures: 5, addressFreeFailures: 20, firstDelay: 1, maximumDelay: 900)
/// policy.lockDuration(afterFailures: 6, of: .user)   // 2 s
/// ```
public struct LockoutPolicy: Sendable, Equatable {
    /// The failures a user name may have before it is locked.
    public var userFreeFailures: Int
    /// The failures a client address may have before it is locked; more than a user's,
    /// since many people may share one address.
    public var addressFreeFailures: Int
    /// The length of the first lock, in seconds.
    public var firstDelay: TimeInterval
    /// The longest lock, in seconds.
    public var maximumDelay: TimeInterval

    /// The defaults: 5 failures per user and 20 per address are free, then 1 s doubling to 15 min.
    public static let standard = LockoutPolicy(userFreeFailures: 5, addressFreeFailures: 20, firstDelay: 1, maximumDelay: 900)

    /// Creates a policy.
    public init(userFreeFailures: Int, addressFreeFailures: Int, firstDelay: TimeInterval, maximumDelay: TimeInterval) {
        self.userFreeFailures = userFreeFailures
        self.addressFreeFailures = addressFreeFailures
        self.firstDelay = firstDelay
        self.maximumDelay = maximumDelay
    }

    /// How long after its last failure a subject's failures are forgotten: four times the
    /// longest lock (an hour by default), so that a guesser at the longest lock keeps it.
    public var forgetAfter: TimeInterval { 4 * maximumDelay }

    /// How long a subject of `kind` is locked after its `failures`-th failure in a row, or
    /// `nil` when that failure is still free.
    public func lockDuration(afterFailures failures: Int, of kind: LockoutSubject.Kind) -> TimeInterval? {
        let free = kind == .user ? userFreeFailures : addressFreeFailures
        guard failures >= free else { return nil }
        let doublings = min(failures - free, 40)
        return min(firstDelay * pow(2, Double(doublings)), maximumDelay)
    }
}
