import Foundation
import SQLKit
import Storage

/// The `signing_webhook_deliveries` table: a durable queue of events to POST.
///
/// Claims, leases, failures and retries are those of a ``DurableOutbox`` (see ``outbox``),
/// whose done time is the column `delivered_at`; a claim also reads the hook's callback URL,
/// `NULL` when the hook was deleted. The columns `hook_id`, `event_type`, `body` and
/// `last_status` are the webhooks' own.
struct WebhookDeliveryQueue: Sendable {
    /// The database the table is in.
    let database: Database
    /// The queue's claims and records of attempts.
    let outbox: DurableOutbox<Job>

    /// The table and its bookkeeping columns.
    static let table = OutboxTable(name: "signing_webhook_deliveries", doneAt: "delivered_at")

    /// What a claim reads of a delivery, besides its id and attempt: what to send and where.
    struct Job: Decodable, Sendable {
        /// The hook it goes to.
        let hookID: String
        /// The event's type.
        let eventType: String
        /// The JSON body, byte for byte as it is sent.
        let body: String
        /// The hook's callback URL, or `nil` when the hook was deleted.
        let callbackURL: String?

        enum CodingKeys: String, CodingKey {
            case body
            case hookID = "hook_id"
            case eventType = "event_type"
            case callbackURL = "callback_url"
        }
    }

    /// The queue in `database`.
    init(database: Database) {
        self.database = database
        let callbackURL: SQLQueryString =
            "(SELECT h.callback_url FROM signing_hooks h WHERE h.id = \(SQLColumn("hook_id", table: Self.table.name))) AS callback_url"
        self.outbox = DurableOutbox(
            database: database, table: Self.table, payloadColumns: ["hook_id", "event_type", "body"], extraSelections: [callbackURL])
    }

    /// Queues `deliveries`, all or none.
    func enqueue(_ deliveries: [WebhookDelivery]) async throws {
        guard !deliveries.isEmpty else { return }
        try await database.withTransaction { sql in
            for delivery in deliveries {
                try await sql.insert(into: Self.table.name)
                    .columns("id", "hook_id", "event_type", "body", "attempts", "next_attempt_at", "created_at")
                    .values(
                        SQLBind(delivery.id), SQLBind(delivery.hookID), SQLBind(delivery.eventType), SQLBind(delivery.body),
                        SQLBind(delivery.attempts), SQLBind(delivery.nextAttemptAt), SQLBind(delivery.createdAt)
                    )
                    .run()
            }
        }
    }

    /// The deliveries queued for hook `hookID`, oldest first.
    func deliveries(forHook hookID: String) async throws -> [WebhookDelivery] {
        try await database.withReadConnection { sql in
            try await sql.select()
                .columns(WebhookDeliveryRow.columns)
                .from(Self.table.name)
                .where("hook_id", .equal, SQLBind(hookID))
                .orderBy("created_at").orderBy("id")
                .all(decoding: WebhookDeliveryRow.self).map(\.delivery)
        }
    }
}
