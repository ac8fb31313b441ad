import Metrics
import NIOCore
import NIOPosix
import SQLKit
import Synchronization

/// Group commit for SQLite's one writing connection: transactions that arrive together share
/// one `COMMIT`, and so one fsync, instead of paying one each.
///
/// Each transaction is a *member* that runs its body inside a savepoint of a transaction the
/// group holds open. A member whose body throws is rolled back to its savepoint and gets its
/// error at once; nothing of it is committed. A member whose body returns leaves its savepoint
/// open until the transaction ends (see ``runMember(_:in:)``), one statement fewer on the
/// writer, whose statements run one after another; it waits until the whole transaction is
/// committed and only then gets its result, so nobody is told of a change that is not durable. When a member finishes and others are waiting, the next one continues
/// the same transaction; the last one of a run (or the ``maxMembers``-th) commits it. Under no
/// load a transaction is committed at once, as before; under load the groups grow with the
/// queue, as the Notary's sequencer's batches do.
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
    private let state = Mutex(State())
    private let transactions = Counter(label: "chancery_database_transactions_total")
    private let commits = Counter(label: "chancery_database_commits_total")
    private let commitsMade = Atomic<Int>(0)
    /// What every transaction runs after its last member.
    private let beforeCommit: StatementsBeforeCommit

    /// The transaction the group holds open, and its connection.
    private final class OpenTransaction: Sendable {
        let sql: any SQLDatabase
        let release: @Sendable () -> Void
        /// Fulfilled when the transaction is committed, failed when it is not.
        let committed: EventLoopPromise<Void>
        /// How many members ran in it (only the member whose turn it is changes it). The
        /// first of them holds the ``CommitGroup/groupSavepoint``.
        let members = Mutex(0)

        init(sql: any SQLDatabase, release: @escaping @Sendable () -> Void) {
            self.sql = sql
            self.release = release
            self.committed = MultiThreadedEventLoopGroup.singleton.next().makePromise(of: Void.self)
        }
    }

    private struct State {
        /// Whether a member has the turn: runs its body, or begins or ends the transaction.
        var turnTaken = false
        /// Members waiting for the turn, first come first served.
        var waiting = CircularBuffer<CheckedContinuation<Void, Never>>()
        /// The transaction members run in; `nil` between transactions.
        var open: OpenTransaction?
    }

    /// Creates a group that leases its connection with `lease` and runs `beforeCommit` at the
    /// end of every transaction.
    init(maxMembers: Int = 128, beforeCommit: StatementsBeforeCommit = StatementsBeforeCommit(), lease: @escaping Lease) {
        self.maxMembers = maxMembers
        self.beforeCommit = beforeCommit
        self.lease = lease
    }

    /// How many members wait for their turn; for tests that arrange a queue.
    var waitingCount: Int { state.withLock { $0.waiting.count } }

    /// How many transactions this group committed; for tests (operators read the metric
    /// `chancery_database_commits_total`).
    var commitCount: Int { commitsMade.load(ordering: .relaxed) }

    /// Runs `body` as a member of the open transaction (beginning one when there is none) and
    /// returns its result once that transaction is committed.
    func run<Result>(_ body: (any SQLDatabase) async throws -> Result) async throws -> Result {
        await takeTurn()
        let transaction: OpenTransaction
        do {
            transaction = try await openTransaction()
        } catch {
            passTurn()
            throw error
        }
        transactions.increment()
        let outcome: Swift.Result<Result, any Error>
        do {
            outcome = try await runMember(body, in: transaction)
        } catch {
            // The savepoint could not be made or undone: the transaction is in no known state.
            await end(transaction, committing: false, cause: error)
            passTurn()
            throw error
        }
        let members = transaction.members.withLock { count in
            if case .success = outcome { count += 1 }
            return count
        }
        if members >= maxMembers || waitingCount == 0 {
            await end(transaction, committing: true, cause: nil)
        }
        passTurn()
        let result = try outcome.get()
        try await transaction.committed.futureResult.get()
        return result
    }

    /// The savepoint of the first member of a transaction whose body returned; all the
    /// others nest inside it.
    private static let groupSavepoint = "chancery_group"
    /// The savepoint of every later member.
    private static let memberSavepoint = "chancery_member"

    /// Runs `body` in a savepoint of `transaction`: its result, or the error it threw after
    /// its changes were rolled back. Throws only when the savepoint itself fails.
    ///
    /// The savepoint of a body that returns stays open until the transaction ends: the
    /// members' savepoints nest, and `ROLLBACK TO` and `RELEASE` take the latest of a name,
    /// so a later member that throws undoes its own changes alone. The first member's is the
    /// ``groupSavepoint``, which ``end(_:committing:cause:)`` releases before the `COMMIT`:
    /// if a body ended the transaction under everyone's feet (a later `SAVEPOINT` then begins
    /// a new one), that savepoint is gone and the whole group fails instead of committing.
    private func runMember<Result>(
        _ body: (any SQLDatabase) async throws -> Result, in transaction: OpenTransaction
    ) async throws -> Swift.Result<Result, any Error> {
        let sql = transaction.sql
        let savepoint = transaction.members.withLock { $0 } == 0 ? Self.groupSavepoint : Self.memberSavepoint
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
            let result = try await body(sql)
            try await savepointMade()
            return .success(result)
        } catch {
            try await savepointMade()
            try await sql.raw("ROLLBACK TO \(unsafeRaw: savepoint)").run()
            try await sql.raw("RELEASE \(unsafeRaw: savepoint)").run()
            return .failure(error)
        }
    }

    /// The open transaction, or a new one on a freshly leased connection. Called with the turn.
    private func openTransaction() async throws -> OpenTransaction {
        if let open = state.withLock({ $0.open }) { return open }
        let (sql, release) = try await lease()
        do {
            // IMMEDIATE takes the write lock up front, so two processes never deadlock
            // upgrading a read lock.
            try await sql.raw("BEGIN IMMEDIATE").run()
        } catch {
            release()
            throw error
        }
        let transaction = OpenTransaction(sql: sql, release: release)
        state.withLock { $0.open = transaction }
        return transaction
    }

    /// Commits `transaction` (or rolls it back), tells its members how it ended and gives
    /// its connection back. Called with the turn.
    ///
    /// Before the `COMMIT`, the statements ``StatementsBeforeCommit`` holds and the release
    /// of the group's savepoint go to the writer together; if any of them fails, the whole
    /// transaction is rolled back.
    private func end(_ transaction: OpenTransaction, committing: Bool, cause: (any Error)?) async {
        state.withLock { $0.open = nil }
        var failure = cause
        if committing {
            do {
                var ending = beforeCommit.all
                if transaction.members.withLock({ $0 }) > 0 {
                    ending.append(SQLRaw("RELEASE \(Self.groupSavepoint)"))
                }
                try await transaction.sql.runInOrder(ending)
                try await transaction.sql.raw("COMMIT").run()
                commits.increment()
                commitsMade.add(1, ordering: .relaxed)
            } catch {
                failure = error
            }
        }
        if let failure {
            try? await transaction.sql.raw("ROLLBACK").run()
            transaction.committed.fail(failure)
        } else {
            transaction.committed.succeed()
        }
        transaction.release()
    }

    /// Waits until it is this caller's turn.
    private func takeTurn() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now = state.withLock { state in
                if state.turnTaken {
                    state.waiting.append(continuation)
                    return false
                }
                state.turnTaken = true
                return true
            }
            if now { continuation.resume() }
        }
    }

    /// Gives the turn to the first waiting member, or frees it.
    private func passTurn() {
        let next = state.withLock { state in
            guard let next = state.waiting.popFirst() else {
                state.turnTaken = false
                return nil as CheckedContinuation<Void, Never>?
            }
            return next
        }
        next?.resume()
    }
}
