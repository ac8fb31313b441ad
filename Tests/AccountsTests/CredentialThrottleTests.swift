import Accounts
import ChanceryTestSupport
import Foundation
import Storage
import Testing

/// The guessing throttle on the engine of the test run, with a cheap bcrypt cost.
@Suite struct CredentialThrottleTests {
    /// Two free failures per user, three per address, then 10 s doubling to 40 s.
    static let policy = LockoutPolicy(userFreeFailures: 2, addressFreeFailures: 3, firstDelay: 10, maximumDelay: 40)

    static func withAccounts(_ body: (AccountStore) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([AccountsMigrations.all], logger: TestDatabase.logger)
            try await body(AccountStore(database: database, passwords: PasswordHasher(cost: 4), lockouts: policy))
        }
    }

    @Test func locksAfterTheFreeFailuresAndDoublesUpToTheLongestLock() {
        #expect(Self.policy.lockDuration(afterFailures: 1, of: .user) == nil)
        #expect(Self.policy.lockDuration(afterFailures: 2, of: .user) == 10)
        #expect(Self.policy.lockDuration(afterFailures: 3, of: .user) == 20)
        #expect(Self.policy.lockDuration(afterFailures: 4, of: .user) == 40)
        #expect(Self.policy.lockDuration(afterFailures: 9, of: .user) == 40)
        #expect(Self.policy.lockDuration(afterFailures: 2, of: .address) == nil)
        #expect(Self.policy.lockDuration(afterFailures: 3, of: .address) == 10)
        #expect(LockoutPolicy.standard.lockDuration(afterFailures: 1_000, of: .user) == 900)
    }

    @Test func aLockedUserIsRefusedEvenWithTheRightPasswordUntilTheLockEnds() async throws {
        try await Self.withAccounts { accounts in
            try await accounts.createUser(name: "alice", password: "correct horse")
            #expect(try await accounts.authenticate(userName: "alice", password: "wrong one") == nil)
            #expect(try await accounts.authenticate(userName: "alice", password: "wrong two") == nil)
            // The lock is 10 s from the last failure; some of it may have passed by now.
            let refusal = await #expect(throws: TooManyFailedAttempts.self) {
                try await accounts.authenticate(userName: "alice", password: "correct horse")
            }
            #expect(refusal?.subject == .user("alice"))
            #expect((1...10).contains(refusal?.retryAfter ?? 0))
            let later = Date().addingTimeInterval(11)
            try await accounts.throttle.check([.user("alice")], now: later)
            let listed = try await accounts.throttle.lockouts()
            #expect(listed.map(\.subject) == [.user("alice")])
            #expect(listed.first?.failures == 2)
        }
    }

    @Test func aRightPasswordClearsTheUsersFailuresButNotTheAddresss() async throws {
        try await Self.withAccounts { accounts in
            try await accounts.createUser(name: "alice", password: "correct horse")
            #expect(try await accounts.authenticate(userName: "alice", password: "wrong one", clientAddress: "192.0.2.1") == nil)
            #expect(try await accounts.authenticate(userName: "alice", password: "correct horse", clientAddress: "192.0.2.1") != nil)
            let listed = try await accounts.throttle.lockouts()
            #expect(listed.map(\.subject) == [.address("192.0.2.1")])
        }
    }

    @Test func wrongAPIKeysLockTheAddressNotOthers() async throws {
        try await Self.withAccounts { accounts in
            try await accounts.createUser(name: "alice", password: "correct horse")
            let key = try await accounts.createAPIKey(userName: "alice", label: "test")
            for attempt in 1...3 {
                #expect(try await accounts.authenticate(apiKey: "chk_guess\(attempt)", clientAddress: "192.0.2.1") == nil)
            }
            await #expect(throws: TooManyFailedAttempts.self) {
                try await accounts.authenticate(apiKey: key.secret, clientAddress: "192.0.2.1")
            }
            #expect(try await accounts.authenticate(apiKey: key.secret, clientAddress: "192.0.2.2") != nil)
        }
    }

    @Test func clearingEndsALockAlsoForAnotherStoreOnTheSameDatabase() async throws {
        try await Self.withAccounts { accounts in
            try await accounts.createUser(name: "alice", password: "correct horse")
            for _ in 1...2 { _ = try await accounts.authenticate(userName: "alice", password: "wrong guess") }
            await #expect(throws: TooManyFailedAttempts.self) { try await accounts.throttle.check([.user("alice")]) }
            let administration = CredentialThrottle(database: accounts.database, policy: Self.policy)
            #expect(try await administration.clear(.user("alice")))
            #expect(try await administration.clear(.user("alice")) == false)
            #expect(try await accounts.authenticate(userName: "alice", password: "correct horse") != nil)
        }
    }

    @Test func failuresAreForgottenLongAfterTheLastOne() async throws {
        try await Self.withAccounts { accounts in
            let start = Date()
            try await accounts.throttle.recordFailure([.user("bob")], now: start)
            try await accounts.throttle.recordFailure([.user("bob")], now: start.addingTimeInterval(4 * Self.policy.maximumDelay + 1))
            let listed = try await accounts.throttle.lockouts(now: start)
            #expect(listed.first?.failures == 1)
        }
    }

    @Test func aThrottleStartedLaterKnowsTheLocksAlreadyInTheDatabase() async throws {
        try await Self.withAccounts { accounts in
            for _ in 1...2 { try await accounts.throttle.recordFailure([.user("carol")]) }
            let restarted = CredentialThrottle(database: accounts.database, policy: Self.policy)
            await #expect(throws: TooManyFailedAttempts.self) { try await restarted.check([.user("carol")]) }
        }
    }

    /// Two instances on one PostgreSQL database: a user locked through one is refused through
    /// the other at once, though the other checked that user before the lock (and so had no
    /// reason of its own to look again). On SQLite one server owns the file.
    @Test func onPostgreSQLALockRecordedByOneInstanceHoldsAtOnceOnAnother() async throws {
        try await Self.withAccounts { accounts in
            guard accounts.database.engine == .postgres else { return }
            let other = CredentialThrottle(database: accounts.database, policy: Self.policy)
            try await other.check([.user("dave")])
            for _ in 1...2 { try await accounts.throttle.recordFailure([.user("dave")]) }
            await #expect(throws: TooManyFailedAttempts.self) { try await other.check([.user("dave")]) }
        }
    }
}
