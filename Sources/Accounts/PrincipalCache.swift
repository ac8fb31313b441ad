import Foundation
import Synchronization

/// The principals of secrets found lately (API keys, access tokens, device tokens), so that a
/// client's requests do not each look their secret up in the database: that lookup, a round
/// trip to the database's thread for every request, cost more than the rest of a short
/// request.
///
/// An entry is kept for ``lifetime`` at most and never past its secret's own expiry. Every
/// change the ``AccountStore`` of this process makes to users, groups, keys or tokens
/// forgets all entries at once, and a lookup that was under way during such a change is not
/// kept. A change made elsewhere (the `chancery` command on the same data directory) applies
/// here within ``lifetime``. Only secrets that were found are kept: an unknown secret is looked
/// up, and throttled, every time. On PostgreSQL, whose instances answer a client's requests in
/// turn, the store keeps nothing (a lifetime of zero).
///
/// Entries are keyed by the secret's stored hash and its kind, never by the secret itself.
final class PrincipalCache: Sendable {
    /// How long an entry is trusted after its lookup.
    let lifetime: Duration
    /// The most entries kept; when full, the expired ones go, and if none has expired, all.
    let capacity: Int

    /// One secret's principal, and until when it may be used without a lookup.
    private struct Entry {
        let principal: Principal
        let validUntil: ContinuousClock.Instant
    }

    /// A secret, by its stored hash and the table it is stored in.
    struct Key: Hashable {
        /// The table of the secret's kind.
        let table: String
        /// The secret's stored hash (``Secret/hash(_:)``).
        let secretHash: String
    }

    /// The entries, and the number of times all were forgotten.
    private struct State {
        var entries: [Key: Entry] = [:]
        var generation: UInt64 = 0
    }

    private let state = Mutex(State())
    private let now: @Sendable () -> ContinuousClock.Instant

    /// Creates an empty cache; a `lifetime` of zero keeps nothing. `now` is its clock.
    init(lifetime: Duration = .seconds(1), capacity: Int = 10_000, now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.now = now
    }

    /// The principal of `key`, if it was found within its entry's life.
    func principal(for key: Key) -> Principal? {
        let now = now()
        return state.withLock { state in
            guard let entry = state.entries[key] else { return nil }
            guard entry.validUntil > now else {
                state.entries[key] = nil
                return nil
            }
            return entry.principal
        }
    }

    /// A mark to take before a lookup, for ``remember(_:for:expiresAt:lookedUpAt:)``.
    var generation: UInt64 {
        state.withLock { $0.generation }
    }

    /// Keeps `principal` for `key`, unless all entries were forgotten since the lookup that
    /// found it began (at `generation`): that lookup may have read what a change then
    /// replaced. `expiresAt` is the secret's own expiry, if it has one.
    func remember(_ principal: Principal, for key: Key, expiresAt: Date?, lookedUpAt generation: UInt64) {
        guard lifetime > .zero else { return }
        let now = now()
        var validUntil = now.advanced(by: lifetime)
        if let expiresAt {
            let left = expiresAt.timeIntervalSinceNow
            guard left > 0 else { return }
            validUntil = min(validUntil, now.advanced(by: .milliseconds(Int64(left * 1000))))
        }
        state.withLock { state in
            guard state.generation == generation else { return }
            if state.entries.count >= capacity {
                state.entries = state.entries.filter { $0.value.validUntil > now }
                if state.entries.count >= capacity { state.entries.removeAll() }
            }
            state.entries[key] = Entry(principal: principal, validUntil: validUntil)
        }
    }

    /// Forgets every entry, and keeps no lookup that began before.
    func forgetAll() {
        state.withLock { state in
            state.entries.removeAll()
            state.generation &+= 1
        }
    }
}
