import NIOCore
import SQLKit
import Synchronization

extension SQLDatabase {
    /// Runs `statements` one after another on this connection, each sent as soon as the one
    /// before is sent rather than answered: the caller waits for one answer instead of one per
    /// statement. Returns the rows each statement returned, in the order of `statements`.
    ///
    /// Every statement runs, even after one fails; the first failure is thrown once all are
    /// answered. So use it inside a transaction (``Database/withTransaction(_:)``), which the
    /// failure rolls back, and only on one connection: the transaction's runs its statements in
    /// the order they were sent (SQLite's writer has one thread of its own, PostgreSQL's
    /// connection queues them).
    @discardableResult
    public func runInOrder(_ statements: [any SQLExpression]) async throws -> [[any SQLRow]] {
        guard !statements.isEmpty else { return [] }
        let rows = statements.map { _ in StatementRows() }
        let answers = zip(statements, rows).map { statement, rows -> EventLoopFuture<Void> in
            execute(sql: statement) { row in rows.append(row) }
        }
        // Gathered on the connection's event loop, which completes them: one wait for all.
        let outcomes = try await EventLoopFuture.whenAllComplete(answers, on: answers[0].eventLoop).get()
        for outcome in outcomes { try outcome.get() }
        return rows.map(\.all)
    }
}

/// The rows one statement of ``SQLDatabase/runInOrder(_:)`` returned, collected as they come.
private final class StatementRows: Sendable {
    private let rows = Mutex<[any SQLRow]>([])

    /// Adds `row` after the rows already returned.
    func append(_ row: any SQLRow) { rows.withLock { $0.append(row) } }

    /// Every row returned so far.
    var all: [any SQLRow] { rows.withLock { $0 } }
}
