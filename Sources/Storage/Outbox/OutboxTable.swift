/// The table of a ``DurableOutbox``: its name and the names of the bookkeeping columns the
/// outbox reads and writes. The table's other columns are its user's payload.
///
/// The table needs, under the names given here: a text primary key, an integer count of the
/// attempts started, the nullable time the next attempt is due (`NULL` once done or
/// abandoned), the nullable time the job was done, the nullable error of the last failed
/// attempt, and the time the job was queued, from which its retry period counts.
///
/// ```swift
/// let table = OutboxTable(name: "signing_webhook_deliveries", doneAt: "delivered_at")
/// ```
public struct OutboxTable: Sendable {
    /// The table's name.
    public let name: String
    /// The primary key column (text).
    public let id: String
    /// The column counting the attempts started (integer).
    public let attempts: String
    /// The column of when the next attempt is due; `NULL` once done or abandoned.
    public let nextAttemptAt: String
    /// The column of when the job was done; `NULL` until then.
    public let doneAt: String
    /// The column of why the last attempt failed; `NULL` when it did not.
    public let lastError: String
    /// The column of when the job was queued.
    public let createdAt: String

    /// Names a table and its bookkeeping columns; every column has the default name shown.
    public init(
        name: String, id: String = "id", attempts: String = "attempts", nextAttemptAt: String = "next_attempt_at",
        doneAt: String = "done_at", lastError: String = "last_error", createdAt: String = "created_at"
    ) {
        self.name = name
        self.id = id
        self.attempts = attempts
        self.nextAttemptAt = nextAttemptAt
        self.doneAt = doneAt
        self.lastError = lastError
        self.createdAt = createdAt
    }
}
