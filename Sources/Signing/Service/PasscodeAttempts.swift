import Synchronization

/// Counts passcode attempts per signing link and locks a link out for ``lockout`` after
/// ``limit`` wrong passcodes in a row, so that a short passcode cannot be guessed by trying.
///
/// An attempt is counted when it starts, before bcrypt has answered, so that guesses sent in
/// parallel cannot outrun the limit; a right passcode forgets the count.
///
/// The counts are kept in this process's memory. A restart forgets them, and several server
/// instances behind a load balancer each count on their own, so a link gets at most
/// `limit` guesses per instance per lockout period. That is still few enough for the
/// passcodes people choose, and it needs no table and no write per guess; a deployment that
/// wants one count for all instances would keep it in the database instead.
final class PasscodeAttempts: Sendable {
    /// Wrong passcodes in a row that lock a link out.
    static let limit = 5
    /// How long a link stays locked out.
    static let lockout: Duration = .seconds(15 * 60)
    /// How many links are tracked before those not locked out are forgotten.
    private static let capacity = 10_000

    /// The attempts of one link since its last right passcode.
    private struct Count {
        var attempts = 0
        var lockedUntil: ContinuousClock.Instant?
    }

    private let counts = Mutex<[String: Count]>([:])

    /// Creates an empty counter.
    init() {}

    /// Counts an attempt on `link` (any string that names one recipient's current link).
    ///
    /// - Returns: When the link may be tried again, if it is locked out and this attempt must
    ///   be refused; `nil` when the passcode may be checked.
    func begin(on link: String, now: ContinuousClock.Instant = .now) -> ContinuousClock.Instant? {
        counts.withLock { counts in
            var count = counts[link] ?? Count()
            if let lockedUntil = count.lockedUntil {
                if lockedUntil > now { return lockedUntil }
                count = Count()
            }
            count.attempts += 1
            if count.attempts >= Self.limit { count.lockedUntil = now + Self.lockout }
            if counts[link] == nil && counts.count >= Self.capacity {
                counts = counts.filter { $0.value.lockedUntil.map { $0 > now } ?? false }
            }
            counts[link] = count
            return nil
        }
    }

    /// Forgets the attempts on `link` after a right passcode.
    func succeeded(on link: String) {
        _ = counts.withLock { $0.removeValue(forKey: link) }
    }
}
