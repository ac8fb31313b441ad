import Foundation
import SQLKit
import Storage

/// The `signing_webhook_deliveries` table: a durable queue of events to POST.
///
/// Several servers may share the queue. Before an attempt, a server claims the delivery by
/// counting the attempt and moving its due time past the attempt's end (a lease). On
/// PostgreSQL, where instances share the queue, one statement picks the due deliveries that
/// no other transaction holds (`FOR UPDATE SKIP LOCKED`) and claims them, "due" and the lease
/// measured by the database's clock, so instances whose clocks differ still agree; on SQLite
/// each claim is an update that only succeeds if no other claim counted an attempt since the
/// delivery was read. A server that dies during an attempt leaves the delivery due again
/// when the lease runs out; a failure recorded after the delivery was claimed again is
/// dropped.
struct WebhookDeliveryQueue: Sendable {
    let database: Database

    /// A delivery claimed for one attempt, with where to send it.
    struct Job: Sendable {
        /// The delivery, with the claimed attempt counted.
        let delivery: WebhookDelivery
        /// The hook's callback URL, or `nil` when the hook was deleted.
        let callbackURL: String?
    }

    /// Queues `deliveries`, all or none.
    func enqueue(_ deliveries: [WebhookDelivery]) async throws {
        guard !deliveries.isEmpty else { return }
        try await database.withTransaction { sql in
            for delivery in deliveries {
                try await sql.insert(into: "signing_webhook_deliveries")
                    .columns("id", "hook_id", "event_type", "body", "attempts", "next_attempt_at", "created_at")
                    .values(
                        SQLBind(delivery.id), SQLBind(delivery.hookID), SQLBind(delivery.eventType), SQLBind(delivery.body),
                        SQLBind(delivery.attempts), SQLBind(delivery.nextAttemptAt), SQLBind(delivery.createdAt)
                    )
                    .run()
            }
        }
    }

    /// Claims up to `limit` deliveries due at `now`, earliest first, each for `lease`. `now` is
    /// the deliverer's time (``WebhookClock``), the one it schedules attempts by, on either
    /// engine.
    ///
    /// - Returns: The deliveries this call claimed; those another server claimed first are left out.
    func claimDue(at now: Date, limit: Int, lease: TimeInterval) async throws -> [Job] {
        let leaseEnd = now + lease
        guard database.engine == .sqlite else { return try await claimDueOnPostgreSQL(at: now, limit: limit, leaseEnd: leaseEnd) }
        let due = try await database.withReadConnection { sql in
            try await sql.raw(
                """
                SELECT d.id, d.hook_id, d.event_type, d.body, d.attempts, d.next_attempt_at, d.last_status, d.last_error,
                       d.delivered_at, d.created_at, h.callback_url
                FROM signing_webhook_deliveries d LEFT JOIN signing_hooks h ON h.id = d.hook_id
                WHERE d.delivered_at IS NULL AND d.next_attempt_at <= \(bind: now)
                ORDER BY d.next_attempt_at, d.id
                LIMIT \(literal: limit)
                """
            ).all().map {
                Job(
                    delivery: try $0.decode(model: WebhookDeliveryRow.self).delivery,
                    callbackURL: try $0.decode(column: "callback_url", as: String?.self))
            }
        }
        var claimed: [Job] = []
        try await database.withConnection { sql in
            for job in due {
                let updated = try await sql.update("signing_webhook_deliveries")
                    .set("attempts", to: SQLBind(job.delivery.attempts + 1))
                    .set("next_attempt_at", to: SQLBind(leaseEnd))
                    .where("id", .equal, SQLBind(job.delivery.id))
                    .where("attempts", .equal, SQLBind(job.delivery.attempts))
                    .where(SQLColumn("delivered_at"), .is, SQLLiteral.null)
                    .returning("id")
                    .all()
                guard !updated.isEmpty else { continue }
                var delivery = job.delivery
                delivery.attempts += 1
                delivery.nextAttemptAt = leaseEnd
                claimed.append(Job(delivery: delivery, callbackURL: job.callbackURL))
            }
        }
        return claimed
    }

    /// Claims the deliveries due at `now` until `leaseEnd`, in one statement that skips those
    /// another transaction holds.
    private func claimDueOnPostgreSQL(at now: Date, limit: Int, leaseEnd: Date) async throws -> [Job] {
        try await database.withConnection { sql in
            try await sql.raw(
                """
                UPDATE signing_webhook_deliveries AS d
                SET attempts = d.attempts + 1, next_attempt_at = \(bind: leaseEnd)
                FROM (
                    SELECT id FROM signing_webhook_deliveries
                    WHERE delivered_at IS NULL AND next_attempt_at <= \(bind: now)
                    ORDER BY next_attempt_at, id
                    LIMIT \(literal: limit)
                    FOR UPDATE SKIP LOCKED
                ) AS due
                WHERE d.id = due.id
                RETURNING d.id, d.hook_id, d.event_type, d.body, d.attempts, d.next_attempt_at, d.last_status, d.last_error,
                          d.delivered_at, d.created_at, (SELECT h.callback_url FROM signing_hooks h WHERE h.id = d.hook_id) AS callback_url
                """
            ).all()
                .map {
                    Job(
                        delivery: try $0.decode(model: WebhookDeliveryRow.self).delivery,
                        callbackURL: try $0.decode(column: "callback_url", as: String?.self))
                }
        }
    }

    /// Records that the callback accepted delivery `id` with `status` at `time`.
    func markDelivered(_ id: String, status: Int, at time: Date) async throws {
        try await database.withConnection { sql in
            try await sql.update("signing_webhook_deliveries")
                .set("delivered_at", to: SQLBind(time))
                .set("next_attempt_at", to: SQLLiteral.null)
                .set("last_status", to: SQLBind(status))
                .set("last_error", to: SQLLiteral.null)
                .where("id", .equal, SQLBind(id))
                .run()
        }
    }

    /// Records a failed attempt of delivery `id`, the `attempt`-th: the status the callback
    /// answered (if it did), why the attempt failed, and when to try again (`nil` to give
    /// up). Nothing is recorded when the delivery was claimed for a later attempt meanwhile.
    func recordFailure(_ id: String, attempt: Int, status: Int?, error: String, nextAttemptAt: Date?) async throws {
        try await database.withConnection { sql in
            try await sql.update("signing_webhook_deliveries")
                .set("last_status", to: SQLBind(status))
                .set("last_error", to: SQLBind(error))
                .set("next_attempt_at", to: SQLBind(nextAttemptAt))
                .where("id", .equal, SQLBind(id))
                .where("attempts", .equal, SQLBind(attempt))
                .where(SQLColumn("delivered_at"), .is, SQLLiteral.null)
                .run()
        }
    }

    /// Removes delivery `id` (whose hook is gone).
    func remove(_ id: String) async throws {
        try await database.withConnection { sql in
            try await sql.delete(from: "signing_webhook_deliveries").where("id", .equal, SQLBind(id)).run()
        }
    }

    /// When the earliest pending delivery is due, or `nil` when none is pending.
    func nextDueTime() async throws -> Date? {
        try await database.withReadConnection { sql in
            try await sql.select().column(SQLFunction("MIN", args: SQLColumn("next_attempt_at")), as: "due")
                .from("signing_webhook_deliveries")
                .where(SQLColumn("delivered_at"), .is, SQLLiteral.null)
                .first()?.decode(column: "due", as: Date?.self)
        }
    }

    /// The deliveries queued for hook `hookID`, oldest first.
    func deliveries(forHook hookID: String) async throws -> [WebhookDelivery] {
        try await database.withReadConnection { sql in
            try await sql.select()
                .columns(WebhookDeliveryRow.columns)
                .from("signing_webhook_deliveries")
                .where("hook_id", .equal, SQLBind(hookID))
                .orderBy("created_at").orderBy("id")
                .all(decoding: WebhookDeliveryRow.self).map(\.delivery)
        }
    }

}
