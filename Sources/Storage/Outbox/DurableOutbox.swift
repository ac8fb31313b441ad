import Foundation
import SQLKit

/// A durable queue of jobs in a database table (see ``OutboxTable``), shared by every server
/// that uses the database: each job is attempted by one server at a time, retried until done
/// or abandoned, and survives restarts.
///
/// Before an attempt, a server claims the job by counting the attempt and moving its due time
/// past the attempt's end (a lease). On PostgreSQL, where instances share the queue, one
/// statement picks the due jobs that no other transaction holds (`FOR UPDATE SKIP LOCKED`)
/// and claims them; on SQLite each claim is an update that only succeeds if no other claim
/// counted an attempt since the job was read. Either way a job is claimed once per attempt. A
/// server that dies during an attempt leaves the job due again when the lease runs out; a
/// failure recorded after the job was claimed again is dropped.
///
/// The table's other columns are the user's: it inserts its rows itself (attempts 0, due
/// now, `created_at` now), names the columns a claim returns, and may set more of them when an
/// attempt ends.
///
/// ```swift
/// let outbox = DurableOutbox<MailRow>(database: database, table: OutboxTable(name: "mail_outbox", doneAt: "sent_at"),
///                                     payloadColumns: MailRow.columns)
/// for job in try await outbox.claimDue(at: Date(), limit: 8, lease: .seconds(60)) { … }
/// ```
public struct DurableOutbox<Payload: Decodable & Sendable>: Sendable {
    /// The database the table is in.
    public let database: Database
    /// The table and its bookkeeping columns.
    public let table: OutboxTable
    /// What a claim selects for the payload, besides the bookkeeping.
    private let payloadSelections: [any SQLExpression]

    /// A queue in `table` of `database` whose claims decode `Payload` from the columns
    /// `payloadColumns` of the table and from `extraSelections`: expressions with an alias
    /// each, which name the claimed row's columns qualified by the table's name, such as
    /// `SQLQueryString("(SELECT url FROM hooks WHERE hooks.id = deliveries.hook_id) AS url")`.
    /// The payload is read as the claim finds the row: bookkeeping columns among
    /// `payloadColumns` may or may not count the claimed attempt, depending on the engine, so
    /// the job's ``OutboxJob/attempt`` and ``OutboxJob/leaseEnd`` are the ones to go by.
    public init(database: Database, table: OutboxTable, payloadColumns: [String], extraSelections: [any SQLExpression] = []) {
        self.database = database
        self.table = table
        self.payloadSelections =
            payloadColumns.map { SQLAlias(SQLColumn($0, table: table.name), as: $0) as any SQLExpression } + extraSelections
    }

    /// Claims up to `limit` jobs due at `now`, earliest first, each until `now + lease`. `now` is
    /// the worker's time (``OutboxClock``), the one it schedules attempts by, on either engine.
    ///
    /// - Returns: The jobs this call claimed; those another server claimed first are left out.
    public func claimDue(at now: Date, limit: Int, lease: Duration) async throws -> [OutboxJob<Payload>] {
        let leaseEnd = now + lease.timeInterval
        guard database.engine == .sqlite else { return try await claimDueOnPostgreSQL(at: now, limit: limit, leaseEnd: leaseEnd) }
        let due = try await database.withReadConnection { sql in
            try await sql.raw(
                """
                SELECT \(bookkeeping), \(SQLList(payloadSelections))
                FROM \(ident: table.name)
                WHERE \(ident: table.doneAt) IS NULL AND \(ident: table.nextAttemptAt) <= \(bind: now)
                ORDER BY \(ident: table.nextAttemptAt), \(ident: table.id)
                LIMIT \(literal: limit)
                """
            ).all().map { try job(from: $0, leaseEnd: leaseEnd, attemptsCounted: false) }
        }
        var claimed: [OutboxJob<Payload>] = []
        try await database.withConnection { sql in
            for job in due {
                let updated = try await sql.update(table.name)
                    .set(table.attempts, to: SQLBind(job.attempt))
                    .set(table.nextAttemptAt, to: SQLBind(leaseEnd))
                    .where(table.id, .equal, SQLBind(job.id))
                    .where(table.attempts, .equal, SQLBind(job.attempt - 1))
                    .where(SQLColumn(table.doneAt), .is, SQLLiteral.null)
                    .returning(table.id)
                    .all()
                if !updated.isEmpty { claimed.append(job) }
            }
        }
        return claimed
    }

    /// Claims the jobs due at `now` until `leaseEnd`, in one statement that skips those another
    /// transaction holds.
    private func claimDueOnPostgreSQL(at now: Date, limit: Int, leaseEnd: Date) async throws -> [OutboxJob<Payload>] {
        try await database.withConnection { sql in
            try await sql.raw(
                """
                UPDATE \(ident: table.name)
                SET \(ident: table.attempts) = \(SQLColumn(table.attempts, table: table.name)) + 1, \(ident: table.nextAttemptAt) = \(bind: leaseEnd)
                FROM (
                    SELECT \(ident: table.id) FROM \(ident: table.name)
                    WHERE \(ident: table.doneAt) IS NULL AND \(ident: table.nextAttemptAt) <= \(bind: now)
                    ORDER BY \(ident: table.nextAttemptAt), \(ident: table.id)
                    LIMIT \(literal: limit)
                    FOR UPDATE SKIP LOCKED
                ) AS outbox_due
                WHERE \(SQLColumn(table.id, table: table.name)) = \(SQLColumn(table.id, table: "outbox_due"))
                RETURNING \(bookkeeping), \(SQLList(payloadSelections))
                """
            ).all().map { try job(from: $0, leaseEnd: leaseEnd, attemptsCounted: true) }
        }
    }

    /// The bookkeeping a claim selects, under aliases no payload column has.
    private var bookkeeping: SQLList {
        SQLList([
            SQLAlias(SQLColumn(table.id, table: table.name), as: "outbox_job_id"),
            SQLAlias(SQLColumn(table.attempts, table: table.name), as: "outbox_job_attempts"),
            SQLAlias(SQLColumn(table.createdAt, table: table.name), as: "outbox_job_created_at"),
        ])
    }

    /// The job a claim's `row` describes, its lease running until `leaseEnd`; `attemptsCounted`
    /// tells whether the row's attempts include the claimed one.
    private func job(from row: any SQLRow, leaseEnd: Date, attemptsCounted: Bool) throws -> OutboxJob<Payload> {
        let attempts = try row.decode(column: "outbox_job_attempts", as: Int.self)
        return OutboxJob(
            id: try row.decode(column: "outbox_job_id", as: String.self), attempt: attemptsCounted ? attempts : attempts + 1,
            createdAt: try row.decode(column: "outbox_job_created_at", as: Date.self), leaseEnd: leaseEnd,
            payload: try row.decode(model: Payload.self)
        )
    }

    /// Records that job `id` was done at `time`, and sets the user's columns of `assignments`.
    public func markDone(_ id: String, at time: Date, setting assignments: [String: any SQLExpression] = [:]) async throws {
        try await database.withConnection { sql in
            let update = sql.update(table.name)
                .set(table.doneAt, to: SQLBind(time))
                .set(table.nextAttemptAt, to: SQLLiteral.null)
                .set(table.lastError, to: SQLLiteral.null)
            for (column, value) in assignments.sorted(by: { $0.key < $1.key }) {
                update.set(column, to: value)
            }
            try await update.where(table.id, .equal, SQLBind(id)).run()
        }
    }

    /// Records a failed attempt of job `id`, the `attempt`-th: why it failed, when to try again
    /// (`nil` to give up), and the user's columns of `assignments`. Nothing is recorded when
    /// the job was claimed for a later attempt meanwhile.
    public func recordFailure(
        _ id: String, attempt: Int, error: String, nextAttemptAt: Date?, setting assignments: [String: any SQLExpression] = [:]
    ) async throws {
        try await database.withConnection { sql in
            let update = sql.update(table.name)
            for (column, value) in assignments.sorted(by: { $0.key < $1.key }) {
                update.set(column, to: value)
            }
            try await update
                .set(table.lastError, to: SQLBind(error))
                .set(table.nextAttemptAt, to: SQLBind(nextAttemptAt))
                .where(table.id, .equal, SQLBind(id))
                .where(table.attempts, .equal, SQLBind(attempt))
                .where(SQLColumn(table.doneAt), .is, SQLLiteral.null)
                .run()
        }
    }

    /// Removes job `id`, done or not.
    public func remove(_ id: String) async throws {
        try await database.withConnection { sql in
            try await sql.delete(from: table.name).where(table.id, .equal, SQLBind(id)).run()
        }
    }

    /// When the earliest pending job is due, or `nil` when none is pending.
    public func nextDueTime() async throws -> Date? {
        try await database.withReadConnection { sql in
            try await sql.select().column(SQLFunction("MIN", args: SQLColumn(table.nextAttemptAt)), as: "due")
                .from(table.name)
                .where(SQLColumn(table.doneAt), .is, SQLLiteral.null)
                .first()?.decode(column: "due", as: Date?.self)
        }
    }
}
