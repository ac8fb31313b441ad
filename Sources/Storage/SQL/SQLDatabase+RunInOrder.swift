import NIOCore
import SQLKit

extension SQLDatabase {
    /// Runs `statements`, which return no rows, one after another on this connection, each sent
    /// as soon as the one before is sent rather than answered: the caller waits for one answer
    /// instead of one per statement.
    ///
    /// Every statement runs, even after one fails; the first failure is thrown once all are
    /// answered. So use it inside a transaction (``Database/withTransaction(_:)``), which the
    /// failure rolls back, and only on one connection: the transaction's runs its statements in
    /// the order they were sent (SQLite's writer has one thread of its own, PostgreSQL's
    /// connection queues them).
    public func runInOrder(_ statements: [any SQLExpression]) async throws {
        guard !statements.isEmpty else { return }
        let answers = statements.map { statement -> EventLoopFuture<Void> in execute(sql: statement) { _ in } }
        // Gathered on the connection's event loop, which completes them: one wait for all.
        let outcomes = try await EventLoopFuture.whenAllComplete(answers, on: answers[0].eventLoop).get()
        for outcome in outcomes { try outcome.get() }
    }
}
