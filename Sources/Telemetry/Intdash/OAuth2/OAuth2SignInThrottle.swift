import Foundation

/// Slows down password guessing at the intdash sign-in points (the sign-in page, the
/// `password` grant and `/api/v1/authn`): after ``maximumFailures`` wrong passwords for one
/// user name within ``window``, that name is refused without checking the password until the
/// window since its first failure has passed. A successful sign-in clears the count.
///
/// It counts per user name, not per address, so that guessing one account from many
/// addresses is slowed as much as from one; the price is that someone who knows a user name
/// can keep that person from signing in here for a quarter of an hour at a time (API keys
/// and refresh tokens keep working). The count lives in this process only: behind a load
/// balancer each instance counts on its own, which multiplies the allowance by the number of
/// instances but keeps the limit.
///
/// At most ``capacity`` names are tracked; when more fail at once, the oldest entries are
/// dropped, so memory stays bounded under a spray of made-up names.
actor OAuth2SignInThrottle {
    /// How many wrong passwords a name may have within the window.
    static let maximumFailures = 5
    /// How long failures count.
    static let window: TimeInterval = 15 * 60
    /// How many names are tracked at most.
    static let capacity = 10_000

    /// The failures of one name.
    private struct Failures {
        /// When the first failure of the current window happened.
        var since: Date
        /// How many there were since then.
        var count: Int
    }

    /// The failures of each name, by lowercased name.
    private var failures: [String: Failures] = [:]

    /// A throttle that has seen no failures.
    init() {}

    /// How long `userName` stays locked at `now`, or `nil` when it may try a password.
    func lockout(of userName: String, now: Date) -> TimeInterval? {
        guard let entry = failures[userName.lowercased()] else { return nil }
        let end = entry.since.addingTimeInterval(Self.window)
        guard end > now else {
            failures[userName.lowercased()] = nil
            return nil
        }
        return entry.count >= Self.maximumFailures ? end.timeIntervalSince(now) : nil
    }

    /// Counts a wrong password for `userName` at `now`.
    func recordFailure(of userName: String, now: Date) {
        let key = userName.lowercased()
        if var entry = failures[key], entry.since.addingTimeInterval(Self.window) > now {
            entry.count += 1
            failures[key] = entry
            return
        }
        if failures.count >= Self.capacity { makeRoom(now: now) }
        failures[key] = Failures(since: now, count: 1)
    }

    /// Forgets the failures of `userName` after it signed in.
    func recordSuccess(of userName: String) {
        failures[userName.lowercased()] = nil
    }

    /// Drops the entries whose window has passed, and when that is not enough, the oldest
    /// half.
    private func makeRoom(now: Date) {
        failures = failures.filter { $0.value.since.addingTimeInterval(Self.window) > now }
        guard failures.count >= Self.capacity else { return }
        let oldest = failures.sorted { $0.value.since < $1.value.since }.prefix(failures.count / 2).map(\.key)
        for key in oldest { failures[key] = nil }
    }
}
