import Metrics
import NIOCore
import SQLKit
import Synchronization

/// Group commit for SQLite's one writing connection: transactions that arrive together share
/// one `COMMIT`, and so one fsync, instead of paying one each.
///
/// Each transaction is a *member* whose body runs inside a savepoint of a transaction the
/// group holds open. The members queue, first come first served, and one task of the group's
/// own (the *worker*, started when a member finds none running) runs their bodies one after
/// another: a body starts as soon as the one before it returned, without waiting for its
/// caller's task to be scheduled. Running on the event loop that completes the writer's
/// answers, the worker also resumes there as each answer comes.
///
/// A member whose body throws is rolled back to its savepoint; nothing of it is committed. A
/// member whose body returns leaves its savepoint open until the transaction ends (see
/// ``runInSavepoint(_:first:on:)``), one statement fewer on the writer; it gets its result only
/// once the whole transaction is committed, so nobody is told of a change that is not durable.
/// Every member is answered when its transaction has ended and the writing connection is given
/// back, so that a caller may close the database as soon as it has its answer.
///
/// The transaction takes the members that wait when it begins and those that come while it
/// runs; when none is left (or the ``maxMembers``-th has run) it is committed. Under no load a
/// transaction is committed at once, as before; under load the groups grow with the queue, as
/// the Notary's sequencer's batches do.
///
/// Under load, a transaction takes at most half as many members as callers waited at once
/// lately (during the one before it, or fewer by an eighth per transaction since an earlier
/// one that saw more; once they were ``callersToSplit`` or more). Callers that send
/// their next transaction when the last is answered would otherwise all join one group and
/// all be answered at its commit, and the writer would wait, idle, for the first of them to
/// come back; in two halves, one half comes back while the other's transaction runs.
///
/// If the transaction breaks (a failed rollback to a savepoint, a failed commit), every member
/// that was waiting for it gets the error: none of them was answered, so nothing acknowledged
/// is lost.
///
/// The writing connection is leased from its pool for one transaction and given back after
/// its commit, so plain statements outside transactions (``Database/withConnection(_:)``) wait
/// for at most one group.
final class CommitGroup: Sendable {
    /// Leases the writing connection: its SQL interface and how to give it back.
    typealias Lease = @Sendable () async throws -> (sql: any SQLDatabase, release: @Sendable () -> Void)

    /// The most members one transaction takes before it is committed.
    let maxMembers: Int

    private let lease: Lease
    /// Where the worker runs: the event loop of the writer's answers.
    private let executor: EventLoopTaskExecutor
    private let state = Mutex(State())
    private let transactions = Counter(label: "chancery_database_transactions_total")
    private let commits = Counter(label: "chancery_database_commits_total")
    private let commitsMade = Atomic<Int>(0)
    private let writerLeased = Atomic<Bool>(false)
    /// What every transaction runs after its last member.
    private let beforeCommit: StatementsBeforeCommit

    private struct State {
        /// Members waiting for the worker, first come first served.
        var waiting = CircularBuffer<any GroupMember>()
        /// Whether the worker runs.
        var working = false
        /// How many callers wait for their answer: queued, running or waiting for the commit.
        var callers = 0
        /// The most callers that waited at once since the current transaction began.
        var peakCallers = 0
        /// The most callers that waited at once lately: the peak of the last transaction, or
        /// the one before less an eighth of it per transaction since, whichever is more, so
        /// that one transaction that saw fewer does not shrink the next ones.
        var recentCallers = 0
        /// Whether ``close()`` was called: new members are refused.
        var closed = false
        /// Who waits in ``close()`` for the worker to stop.
        var closing: [CheckedContinuation<Void, Never>] = []
    }

    /// Creates a group that leases its connection with `lease`, runs its members on `executor`
    /// and runs `beforeCommit` at the end of every transaction.
    init(
        maxMembers: Int = 128, beforeCommit: StatementsBeforeCommit = StatementsBeforeCommit(), executor: EventLoopTaskExecutor,
        lease: @escaping Lease
    ) {
        self.maxMembers = maxMembers
        self.beforeCommit = beforeCommit
        self.executor = executor
        self.lease = lease
    }

    /// How many members wait for the worker; for tests that arrange a queue.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// How many transactions this group committed; for tests (operators read the metric
    /// `chancery_database_commits_total`).
    var commitCount: Int { commitsMade.load(ordering: .relaxed) }

    /// Whether ``close()`` was called; for tests.
    var isClosed: Bool { state.withLock { $0.closed } }

    /// Whether a transaction holds the writing connection; for tests.
    var holdsWriter: Bool { writerLeased.load(ordering: .acquiring) }

    /// Runs `body` as a member of a shared transaction and returns its result once that
    /// transaction is committed.
    ///
    /// The worker calls `body` while the caller waits here, so it does not outlive this call.
    func run<Result>(_ body: (any SQLDatabase) async throws -> Result) async throws -> Result {
        try await withoutActuallyEscaping(body) { body in
            let answer = try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Answer<Result>, any Error>) in
                enqueue(Member(body: body, continuation: continuation))
            }
            return answer.result
        }
    }

    /// Queues `member`, starting the worker when it is not running; refuses it once the group
    /// is closed.
    private func enqueue(_ member: any GroupMember) {
        let (accepted, startsWorker) = state.withLock { state in
            if state.closed { return (false, false) }
            state.waiting.append(member)
            state.callers += 1
            state.peakCallers = max(state.peakCallers, state.callers)
            if state.working { return (true, false) }
            state.working = true
            return (true, true)
        }
        guard accepted else { return member.answer(failing: StorageError.databaseClosed) }
        guard startsWorker else { return }
        Task.detached(executorPreference: executor) { await self.work() }
    }

    /// Refuses new members and returns once the members already queued are answered and the
    /// worker has stopped, so that the writer's connection and loop can be shut down under no
    /// transaction.
    func close() async {
        await withCheckedContinuation { continuation in
            let idle = state.withLock { state in
                state.closed = true
                if state.working { state.closing.append(continuation) }
                return !state.working
            }
            if idle { continuation.resume() }
        }
    }

    /// Runs transactions until no member waits.
    private func work() async {
        while let first = nextMember(stoppingWhenNone: true) {
            await runTransaction(startingWith: first)
        }
    }

    /// The first waiting member; `nil` when none waits, and then, with `stoppingWhenNone`,
    /// the worker counts as stopped (a member that comes later starts it again).
    private func nextMember(stoppingWhenNone: Bool) -> (any GroupMember)? {
        let (next, closing) = state.withLock { state -> ((any GroupMember)?, [CheckedContinuation<Void, Never>]) in
            if let next = state.waiting.popFirst() { return (next, []) }
            guard stoppingWhenNone else { return (nil, []) }
            state.working = false
            let closing = state.closing
            state.closing = []
            return (nil, closing)
        }
        for waiter in closing { waiter.resume() }
        return next
    }

    /// Begins a transaction and runs `first` and the members that come after it in it, then
    /// ends it.
    private func runTransaction(startingWith first: any GroupMember) async {
        let limit = state.withLock { state in
            state.recentCallers = max(state.peakCallers, state.recentCallers - state.recentCallers / 8)
            state.peakCallers = state.callers
            let callers = state.recentCallers
            return callers >= Self.callersToSplit ? min(maxMembers, (callers + 1) / 2) : maxMembers
        }
        let sql: any SQLDatabase
        let release: @Sendable () -> Void
        do {
            (sql, release) = try await leaseWriter()
            do {
                // IMMEDIATE takes the write lock up front, so two processes never deadlock
                // upgrading a read lock.
                try await sql.raw("BEGIN IMMEDIATE").run()
            } catch {
                release()
                throw error
            }
        } catch {
            answer([first], failing: error)
            return
        }
        var returned: [any GroupMember] = []
        var failed: [(member: any GroupMember, error: any Error)] = []
        var broken: (any Error)?
        var next: (any GroupMember)? = first
        while let member = next {
            transactions.increment()
            do {
                if let error = try await runInSavepoint(member, first: returned.isEmpty, on: sql) {
                    failed.append((member, error))
                } else {
                    returned.append(member)
                }
            } catch {
                // The savepoint could not be made or undone: the transaction is in no known state.
                failed.append((member, error))
                broken = error
                break
            }
            next = returned.count < limit ? nextMember(stoppingWhenNone: false) : nil
        }
        let failure = await end(on: sql, releasingGroupSavepoint: !returned.isEmpty, cause: broken)
        // Every member is answered once the writer is given back, so that a caller may close
        // the database as soon as it has its answer.
        release()
        for (member, error) in failed { answer([member], failing: error) }
        answer(returned, failing: failure)
    }

    /// Leases the writing connection and records that a transaction holds it
    /// (``holdsWriter``) until the returned `release` gives it back.
    private func leaseWriter() async throws -> (sql: any SQLDatabase, release: @Sendable () -> Void) {
        let (sql, release) = try await lease()
        writerLeased.store(true, ordering: .releasing)
        return (
            sql,
            { [self] in
                self.writerLeased.store(false, ordering: .releasing)
                release()
            }
        )
    }

    /// How many callers must have waited at once during a transaction for the next one to
    /// take at most half of them (see ``CommitGroup``).
    static let callersToSplit = 8

    /// The savepoint of the first member of a transaction whose body returned; all the
    /// others nest inside it.
    private static let groupSavepoint = "chancery_group"
    /// The savepoint of every later member.
    private static let memberSavepoint = "chancery_member"

    /// Runs the body of `member` in a savepoint on `sql`: `nil` when it returned, or the error
    /// it threw after its changes were rolled back. Throws only when the savepoint itself fails.
    ///
    /// The savepoint of a body that returns stays open until the transaction ends: the
    /// members' savepoints nest, and `ROLLBACK TO` and `RELEASE` take the latest of a name,
    /// so a later member that throws undoes its own changes alone. The `first` member's is the
    /// ``groupSavepoint``, which ``end(on:releasingGroupSavepoint:cause:)`` releases before the
    /// `COMMIT`: if a body ended the transaction under everyone's feet (a later `SAVEPOINT` then
    /// begins a new one), that savepoint is gone and the whole group fails instead of committing.
    private func runInSavepoint(_ member: any GroupMember, first: Bool, on sql: any SQLDatabase) async throws -> (any Error)? {
        let savepoint = first ? Self.groupSavepoint : Self.memberSavepoint
        // Sent, not awaited: the writer runs the body's statements after it. Its answer is
        // checked before the body's result counts, so a body that ran outside a savepoint
        // ends the transaction as one whose savepoint failed. The answer has usually come by
        // then (it comes before the body's own), and is then read without waiting.
        let made: EventLoopFuture<Void> = sql.execute(sql: SQLRaw("SAVEPOINT \(savepoint)")) { _ in }
        let savepointAnswered = Atomic<Bool>(false)
        made.whenSuccess { savepointAnswered.store(true, ordering: .releasing) }
        func savepointMade() async throws {
            if !savepointAnswered.load(ordering: .acquiring) { try await made.get() }
        }
        do {
            try await member.runBody(on: sql)
            try await savepointMade()
            return nil
        } catch {
            try await savepointMade()
            try await sql.raw("ROLLBACK TO \(unsafeRaw: savepoint)").run()
            try await sql.raw("RELEASE \(unsafeRaw: savepoint)").run()
            return error
        }
    }

    /// Commits the transaction on `sql` (or rolls it back when there is a `cause`): `nil` when
    /// it is committed, or why it is not.
    ///
    /// Before the `COMMIT`, the statements ``StatementsBeforeCommit`` holds and, when a member's
    /// body returned, the release of the group's savepoint go to the writer together; if any of
    /// them fails, the whole transaction is rolled back.
    private func end(on sql: any SQLDatabase, releasingGroupSavepoint: Bool, cause: (any Error)?) async -> (any Error)? {
        var failure = cause
        if failure == nil {
            do {
                var ending = beforeCommit.all
                if releasingGroupSavepoint { ending.append(SQLRaw("RELEASE \(Self.groupSavepoint)")) }
                try await sql.runInOrder(ending)
                try await sql.raw("COMMIT").run()
                commits.increment()
                commitsMade.add(1, ordering: .relaxed)
            } catch {
                failure = error
            }
        }
        if failure != nil { try? await sql.raw("ROLLBACK").run() }
        return failure
    }

    /// Answers `members`, with their results or with `error`, and counts their callers gone.
    private func answer(_ members: [any GroupMember], failing error: (any Error)?) {
        for member in members { member.answer(failing: error) }
        state.withLock { $0.callers -= members.count }
    }
}

/// A transaction waiting in a ``CommitGroup``, of whatever result.
private protocol GroupMember: AnyObject, Sendable {
    /// Runs the member's body on `sql`, keeping its result; throws what the body threw.
    func runBody(on sql: any SQLDatabase) async throws

    /// Answers the member's caller: with the kept result, or with `error` when there is one.
    /// Called once.
    func answer(failing error: (any Error)?)
}

/// The result of a member, handed from the worker to the member's caller.
///
/// `@unchecked` because the result need not be `Sendable`: the worker makes it and hands it
/// over once, and does not touch it afterwards.
private struct Answer<Result>: @unchecked Sendable {
    let result: Result
}

/// A member and its caller's continuation.
///
/// `@unchecked Sendable` because only the worker touches it after it is queued: the body runs
/// and its result is kept on the worker, which then answers the caller once. The body is the
/// caller's, called while the caller waits for the answer (``CommitGroup/run(_:)``).
private final class Member<Result>: GroupMember, @unchecked Sendable {
    /// The caller's body until it has run or the member is answered: it must be let go of
    /// before the caller resumes, since it may not outlive the caller's call.
    private var body: ((any SQLDatabase) async throws -> Result)?
    private let continuation: CheckedContinuation<Answer<Result>, any Error>
    private var result: Result?

    init(body: @escaping (any SQLDatabase) async throws -> Result, continuation: CheckedContinuation<Answer<Result>, any Error>) {
        self.body = body
        self.continuation = continuation
    }

    func runBody(on sql: any SQLDatabase) async throws {
        guard let body else { preconditionFailure("a member's body runs once") }
        self.body = nil
        result = try await body(sql)
    }

    func answer(failing error: (any Error)?) {
        body = nil
        if let error {
            continuation.resume(throwing: error)
        } else if let result {
            continuation.resume(returning: Answer(result: result))
        } else {
            preconditionFailure("a member is answered with a result only after its body returned")
        }
    }
}
