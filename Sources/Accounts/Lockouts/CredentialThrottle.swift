import Foundation
import SQLKit
import Storage
import Synchronization

/// Counts failed credential checks per user name and per client address, and refuses every
/// check of a subject while it is locked out (see ``LockoutPolicy``), before any password is
/// hashed: a locked guesser costs the server one lookup, not a bcrypt run.
///
/// The lock applies to every attempt until it ends, a right password included, so a guesser
/// learns nothing while locked. The failures live in the database (`account_lockouts`), so
/// that `chancery lockout` sees and clears them next to a running server and every instance
/// on a shared database counts together.
///
/// On PostgreSQL, which several instances may share, every check reads the rows of its
/// subjects, so that a lock recorded through one instance holds at once on all. On SQLite,
/// where one server owns the file, a check reads the database only for subjects this process
/// knows to have failures (those in the table at its first check, and those it recorded
/// since), so a request from a subject without failures costs nothing extra.
///
/// ```swift
/// try await throttle.check([.user("alice"), .address("192.0.2.1")])   // throws TooManyFailedAttempts
/// try await throttle.recordFailure([.user("alice"), .address("192.0.2.1")])
/// try await throttle.recordSuccess(.user("alice"))
/// ```
public final class CredentialThrottle: Sendable {
    /// The database that holds the failures.
    public let database: Database
    /// The free failures and the lengths of the locks.
    public let policy: LockoutPolicy
    /// The subjects this process knows to have rows, loaded at the first check.
    private let known = Mutex<KnownSubjects>(KnownSubjects())
    /// The most subjects kept in memory; beyond it every check reads the database.
    private static let knownCapacity = 100_000

    /// What this process knows about the table's subjects.
    private struct KnownSubjects {
        /// Whether the table's subjects have been read.
        var loaded = false
        /// Subjects that may have a row.
        var subjects: Set<LockoutSubject> = []
        /// Whether there were too many to keep, so that every subject may have a row.
        var overflowed = false
    }

    /// A throttle over `database`, whose `accounts` migrations must have run.
    public init(database: Database, policy: LockoutPolicy = .standard) {
        self.database = database
        self.policy = policy
    }

    // MARK: Checks

    /// Throws ``TooManyFailedAttempts`` when any of `subjects` is locked at `now`.
    public func check(_ subjects: [LockoutSubject], now: Date = Date()) async throws {
        let candidates = try await subjectsWithFailures(among: subjects)
        guard !candidates.isEmpty else { return }
        let rows = try await database.withReadConnection { sql in try await Self.lockouts(of: candidates, in: sql) }
        forget(candidates.filter { subject in !rows.contains { $0.subject == subject } })
        let locked = rows.compactMap { row in row.lockedUntil.map { (row.subject, $0.timeIntervalSince(now)) } }.filter { $0.1 > 0 }
        if let longest = locked.max(by: { $0.1 < $1.1 }) {
            throw TooManyFailedAttempts(subject: longest.0, remaining: longest.1)
        }
    }

    /// Counts one failed check against each of `subjects` at `now`, and locks those past
    /// their free failures.
    public func recordFailure(_ subjects: [LockoutSubject], now: Date = Date()) async throws {
        guard !subjects.isEmpty else { return }
        let cutoff = now.addingTimeInterval(-policy.forgetAfter)
        try await database.withTransaction { sql in
            try await sql.delete(from: "account_lockouts").where("last_failure_at", .lessThan, SQLBind(cutoff)).run()
            for subject in subjects {
                try await sql.raw(
                    """
                    INSERT INTO account_lockouts (kind, subject, failures, last_failure_at) \
                    VALUES (\(bind: subject.kind.rawValue), \(bind: subject.name), 1, \(bind: now)) \
                    ON CONFLICT (kind, subject) DO UPDATE SET failures = account_lockouts.failures + 1, \
                    last_failure_at = excluded.last_failure_at
                    """
                ).run()
                let failures =
                    try await sql.select().column("failures").from("account_lockouts")
                    .where("kind", .equal, subject.kind.rawValue).where("subject", .equal, subject.name)
                    .first(decodingColumn: "failures", as: Int.self) ?? 1
                if let duration = policy.lockDuration(afterFailures: failures, of: subject.kind) {
                    try await sql.update("account_lockouts").set("locked_until", to: now.addingTimeInterval(duration))
                        .where("kind", .equal, subject.kind.rawValue).where("subject", .equal, subject.name).run()
                }
            }
        }
        remember(subjects)
    }

    /// Forgets the failures of `subject` after a successful check: for a user, so that
    /// a person's old typos do not add up.
    public func recordSuccess(_ subject: LockoutSubject) async throws {
        guard try await !subjectsWithFailures(among: [subject]).isEmpty else { return }
        _ = try await clear(subject)
    }

    // MARK: Administration

    /// Every subject with recorded failures, locked ones first, then by kind and name.
    public func lockouts(now: Date = Date()) async throws -> [Lockout] {
        let rows = try await database.withReadConnection { sql in
            try await sql.select().columns("kind", "subject", "failures", "last_failure_at", "locked_until")
                .from("account_lockouts").orderBy("kind").orderBy("subject").all()
        }
        let all = try rows.compactMap(Self.lockout(from:))
        return all.filter { $0.isLocked(at: now) } + all.filter { !$0.isLocked(at: now) }
    }

    /// Removes the failures and any lock of `subject`.
    ///
    /// - Returns: Whether it had any.
    @discardableResult
    public func clear(_ subject: LockoutSubject) async throws -> Bool {
        let existed = try await database.withTransaction { sql in
            let query = sql.select().column("failures").from("account_lockouts")
                .where("kind", .equal, subject.kind.rawValue).where("subject", .equal, subject.name)
            guard try await query.first() != nil else { return false }
            try await sql.delete(from: "account_lockouts")
                .where("kind", .equal, subject.kind.rawValue).where("subject", .equal, subject.name).run()
            return true
        }
        forget([subject])
        return existed
    }

    // MARK: Known subjects

    /// Those of `subjects` that may have failures: all of them on PostgreSQL; on SQLite,
    /// those known to this process, after reading the table's subjects once.
    private func subjectsWithFailures(among subjects: [LockoutSubject]) async throws -> [LockoutSubject] {
        guard database.engine == .sqlite else { return subjects }
        if !known.withLock({ $0.loaded }) {
            let rows = try await database.withReadConnection { sql in
                try await sql.select().columns("kind", "subject").from("account_lockouts").limit(Self.knownCapacity + 1).all()
            }
            let loaded = try rows.compactMap { row in
                try LockoutSubject.Kind(rawValue: row.decode(column: "kind", as: String.self))
                    .map { LockoutSubject($0, try row.decode(column: "subject", as: String.self)) }
            }
            known.withLock { state in
                state.loaded = true
                state.subjects.formUnion(loaded)
                state.overflowed = state.overflowed || state.subjects.count > Self.knownCapacity
            }
        }
        return known.withLock { state in state.overflowed ? subjects : subjects.filter(state.subjects.contains) }
    }

    /// Notes that `subjects` have rows.
    private func remember(_ subjects: [LockoutSubject]) {
        known.withLock { state in
            state.subjects.formUnion(subjects)
            if state.subjects.count > Self.knownCapacity { state.overflowed = true }
        }
    }

    /// Notes that `subjects` have no rows.
    private func forget(_ subjects: [LockoutSubject]) {
        guard !subjects.isEmpty else { return }
        known.withLock { state in state.subjects.subtract(subjects) }
    }

    // MARK: Rows

    /// The rows of `subjects`.
    private static func lockouts(of subjects: [LockoutSubject], in sql: any SQLDatabase) async throws -> [Lockout] {
        guard !subjects.isEmpty else { return [] }
        let rows = try await sql.select().columns("kind", "subject", "failures", "last_failure_at", "locked_until")
            .from("account_lockouts")
            .where { group in
                for subject in subjects {
                    group.orWhere { $0.where("kind", .equal, subject.kind.rawValue).where("subject", .equal, subject.name) }
                }
                return group
            }
            .all()
        return try rows.compactMap(lockout(from:))
    }

    /// The lockout in `row`, or `nil` for a kind this version does not know.
    private static func lockout(from row: any SQLRow) throws -> Lockout? {
        guard let kind = LockoutSubject.Kind(rawValue: try row.decode(column: "kind", as: String.self)) else { return nil }
        return Lockout(
            subject: LockoutSubject(kind, try row.decode(column: "subject", as: String.self)),
            failures: try row.decode(column: "failures", as: Int.self),
            lastFailureAt: try row.decode(column: "last_failure_at", as: Date.self),
            lockedUntil: try row.decode(column: "locked_until", as: Date?.self)
        )
    }
}
