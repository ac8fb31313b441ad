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
/// kept. A change made by another process on the same database (the `chancery` command on the
/// same data directory) is seen through the database's ``AccessChangeMarker``, looked at
/// before every lookup: it too applies to the next request. Only secrets that were found are
/// kept: an unknown secret is looked up, and throttled, every time. On PostgreSQL, whose
/// instances answer a client's requests in turn, the store keeps nothing (a lifetime of zero).
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

    /// The entries, the number of times all were forgotten, and the marker as last seen.
    private struct State {
        var entries: [Key: Entry] = [:]
        var generation: UInt64 = 0
        var marker: AccessChangeMarker.Observation?
    }

    private let state: Mutex<State>
    /// The file every process changes when it takes access away; `nil` when only this process
    /// changes access.
    private let marker: AccessChangeMarker?
    private let now: @Sendable () -> ContinuousClock.Instant

    /// Creates an empty cache; a `lifetime` of zero keeps nothing. `now` is its clock.
    init(
        lifetime: Duration = .seconds(1), capacity: Int = 10_000, marker: AccessChangeMarker? = nil,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.lifetime = lifetime
        self.capacity = capacity
        self.marker = marker
        self.now = now
        state = Mutex(State(marker: lifetime > .zero ? marker?.observe() : nil))
    }

    /// The principal of `key`, if it was found within its entry's life and no process took
    /// access away since.
    func principal(for key: Key) -> Principal? {
        guard lifetime > .zero else { return nil }
        let now = now()
        let seen = marker?.observe()
        return state.withLock { state in
            if seen != state.marker {
                state.marker = seen
                Self.forgetAll(&state)
                return nil
            }
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

    /// Forgets every entry, keeps no lookup that began before, and tells the other processes
    /// on the database (through the marker) to forget theirs: access was taken away.
    func forgetAll() {
        state.withLock { Self.forgetAll(&$0) }
        marker?.record()
    }

    private static func forgetAll(_ state: inout State) {
        state.entries.removeAll()
        state.generation &+= 1
    }
}
