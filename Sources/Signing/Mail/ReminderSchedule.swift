import Foundation
import SQLKit
import Storage

/// The `signing_reminder_schedule` table: the reminders a document's `reminders` flag (true by
/// default, as in SignWell) promises each recipient it mails, 3, 6 and 10 days after their
/// request to sign. ``ScheduledReminderSender`` mails each when it is due, if the recipient has
/// still to sign by then.
///
/// It is a `DurableOutbox`: each reminder is one row, claimed by one server at a time, so a
/// reminder goes out once even when several servers share the database.
struct ReminderSchedule: Sendable {
    /// The queue's claims and records of attempts.
    let outbox: DurableOutbox<Job>
    /// The time reminders are scheduled from.
    let clock: OutboxClock

    /// The table and its bookkeeping columns.
    static let table = OutboxTable(name: "signing_reminder_schedule", doneAt: "sent_at")

    /// How many days after the request each reminder comes.
    static let days = [3, 6, 10]

    /// What a claim reads of a scheduled reminder.
    struct Job: Decodable, Sendable {
        /// The document.
        let documentID: String
        /// The recipient, by their id in the document.
        let recipientID: String

        enum CodingKeys: String, CodingKey {
            case documentID = "document_id"
            case recipientID = "recipient_id"
        }
    }

    /// The schedule in `database`, timed by `clock`.
    init(database: Database, clock: OutboxClock = .system) {
        self.clock = clock
        outbox = DurableOutbox(database: database, table: Self.table, payloadColumns: ["document_id", "recipient_id"])
    }

    /// Schedules the reminders of recipient `recipientID` of document `documentID`, counted
    /// from now; they are in the database when this returns.
    func schedule(documentID: String, recipientID: String) async throws {
        let now = clock.now
        try await outbox.database.withConnection { sql in
            var insert = sql.insert(into: Self.table.name)
                .columns("id", "document_id", "recipient_id", "attempts", "next_attempt_at", "created_at")
            for day in Self.days {
                insert = insert.values(
                    SQLBind(UUID().uuidString.lowercased()), SQLBind(documentID), SQLBind(recipientID), SQLBind(0),
                    SQLBind(now + TimeInterval(day * 24 * 3600)), SQLBind(now)
                )
            }
            try await insert.run()
        }
    }
}
