import Foundation
import Synchronization
import Testing

@testable import Accounts

/// The cache of principals found by their secrets, on a clock the tests move.
@Suite struct PrincipalCacheTests {
    /// A clock that stands still until a test moves it.
    final class ManualClock: Sendable {
        private let instant = Mutex(ContinuousClock.now)

        /// The clock's time.
        var now: ContinuousClock.Instant { instant.withLock { $0 } }

        /// Moves the clock on by `duration`.
        func advance(by duration: Duration) { instant.withLock { $0 = $0.advanced(by: duration) } }
    }

    static let alice = Principal(userID: "u-alice", userName: "alice", groups: ["members"], credential: .apiKey)
    static let bob = Principal(userID: "u-bob", userName: "bob", groups: [], credential: .apiKey)
    static let aliceKey = PrincipalCache.Key(table: "account_api_keys", secretHash: "aa")

    static func cache(lifetime: Duration = .seconds(1), capacity: Int = 100, clock: ManualClock) -> PrincipalCache {
        PrincipalCache(lifetime: lifetime, capacity: capacity, now: { clock.now })
    }

    @Test func aRememberedPrincipalIsFoundUntilItsLifetimeEnds() {
        let clock = ManualClock()
        let cache = Self.cache(clock: clock)
        #expect(cache.principal(for: Self.aliceKey) == nil)
        cache.remember(Self.alice, for: Self.aliceKey, expiresAt: nil, lookedUpAt: cache.generation)
        #expect(cache.principal(for: Self.aliceKey) == Self.alice)
        clock.advance(by: .milliseconds(999))
        #expect(cache.principal(for: Self.aliceKey) == Self.alice)
        clock.advance(by: .milliseconds(1))
        #expect(cache.principal(for: Self.aliceKey) == nil)
    }

    @Test func theSameSecretHashOfAnotherKindIsAnotherEntry() {
        let cache = Self.cache(clock: ManualClock())
        cache.remember(Self.alice, for: Self.aliceKey, expiresAt: nil, lookedUpAt: cache.generation)
        #expect(cache.principal(for: PrincipalCache.Key(table: "account_access_tokens", secretHash: "aa")) == nil)
    }

    @Test func aSecretThatExpiresSoonerIsKeptOnlyUntilItExpires() {
        let clock = ManualClock()
        let cache = Self.cache(lifetime: .seconds(60), clock: clock)
        cache.remember(Self.alice, for: Self.aliceKey, expiresAt: Date().addingTimeInterval(10), lookedUpAt: cache.generation)
        #expect(cache.principal(for: Self.aliceKey) == Self.alice)
        clock.advance(by: .seconds(11))
        #expect(cache.principal(for: Self.aliceKey) == nil)

        cache.remember(Self.alice, for: Self.aliceKey, expiresAt: Date().addingTimeInterval(-1), lookedUpAt: cache.generation)
        #expect(cache.principal(for: Self.aliceKey) == nil)
    }

    @Test func forgettingDropsEveryEntryAndEveryLookupThatBeganBefore() {
        let cache = Self.cache(clock: ManualClock())
        let bobKey = PrincipalCache.Key(table: "account_api_keys", secretHash: "bb")
        cache.remember(Self.alice, for: Self.aliceKey, expiresAt: nil, lookedUpAt: cache.generation)
        let lookupBegan = cache.generation
        cache.forgetAll()
        #expect(cache.principal(for: Self.aliceKey) == nil)
        // A lookup that read the database before the change must not be kept after it.
        cache.remember(Self.bob, for: bobKey, expiresAt: nil, lookedUpAt: lookupBegan)
        #expect(cache.principal(for: bobKey) == nil)
        cache.remember(Self.bob, for: bobKey, expiresAt: nil, lookedUpAt: cache.generation)
        #expect(cache.principal(for: bobKey) == Self.bob)
    }

    @Test func aFullCacheDropsItsExpiredEntriesFirstAndAllWhenNoneHasExpired() {
        let clock = ManualClock()
        let cache = Self.cache(capacity: 2, clock: clock)
        let keys = (0..<4).map { PrincipalCache.Key(table: "account_api_keys", secretHash: "\($0)") }
        cache.remember(Self.alice, for: keys[0], expiresAt: nil, lookedUpAt: cache.generation)
        clock.advance(by: .milliseconds(600))
        cache.remember(Self.bob, for: keys[1], expiresAt: nil, lookedUpAt: cache.generation)
        clock.advance(by: .milliseconds(600))
        // keys[0] has expired: it makes room, keys[1] stays.
        cache.remember(Self.alice, for: keys[2], expiresAt: nil, lookedUpAt: cache.generation)
        #expect(cache.principal(for: keys[1]) == Self.bob)
        #expect(cache.principal(for: keys[2]) == Self.alice)
        // Nothing has expired now: all go, and the new entry is the only one.
        cache.remember(Self.bob, for: keys[3], expiresAt: nil, lookedUpAt: cache.generation)
        #expect(cache.principal(for: keys[1]) == nil)
        #expect(cache.principal(for: keys[2]) == nil)
        #expect(cache.principal(for: keys[3]) == Self.bob)
    }

    /// Another process appends to the marker file when it takes access away: whatever the
    /// cache kept is forgotten, as is a lookup that began before the cache saw the change.
    @Test func aChangeRecordedInTheMarkerFileForgetsEverything() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("principal-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let marker = AccessChangeMarker(databasePath: directory.appendingPathComponent("chancery.sqlite").path)
        let clock = ManualClock()
        let cache = PrincipalCache(lifetime: .seconds(60), marker: marker, now: { clock.now })

        cache.remember(Self.alice, for: Self.aliceKey, expiresAt: nil, lookedUpAt: cache.generation)
        #expect(cache.principal(for: Self.aliceKey) == Self.alice)
        // The first change makes the file.
        #expect(marker.record())
        #expect(cache.principal(for: Self.aliceKey) == nil)

        let lookupBegan = cache.generation
        cache.remember(Self.alice, for: Self.aliceKey, expiresAt: nil, lookedUpAt: lookupBegan)
        #expect(cache.principal(for: Self.aliceKey) == Self.alice)
        #expect(marker.record())
        #expect(cache.principal(for: Self.aliceKey) == nil)
        cache.remember(Self.alice, for: Self.aliceKey, expiresAt: nil, lookedUpAt: lookupBegan)
        #expect(cache.principal(for: Self.aliceKey) == nil)

        // A file removed and made again is another file, whatever its size.
        cache.remember(Self.alice, for: Self.aliceKey, expiresAt: nil, lookedUpAt: cache.generation)
        try FileManager.default.removeItem(atPath: marker.path)
        #expect(cache.principal(for: Self.aliceKey) == nil)
        cache.remember(Self.alice, for: Self.aliceKey, expiresAt: nil, lookedUpAt: cache.generation)
        #expect(marker.record())
        #expect(cache.principal(for: Self.aliceKey) == nil)
        let attributes = try FileManager.default.attributesOfItem(atPath: marker.path)
        #expect(attributes[.posixPermissions] as? Int == 0o600)
    }

    @Test func aLifetimeOfZeroKeepsNothing() {
        let cache = Self.cache(lifetime: .zero, clock: ManualClock())
        cache.remember(Self.alice, for: Self.aliceKey, expiresAt: nil, lookedUpAt: cache.generation)
        #expect(cache.principal(for: Self.aliceKey) == nil)
    }
}
