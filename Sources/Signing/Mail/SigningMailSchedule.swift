import Foundation
import SQLKit
import Storage

/// The `signing_mail_schedule` table: signing mail that waits for its day. A document's
/// `reminders` flag (true by default, as in SignWell) promises each recipient it mails a
/// reminder 3, 6 and 10 days after their request to sign; a document with an expiry date tells
/// its sender when it expires unsigned. ``ScheduledSigningMail`` sends each when it is due, if
/// it is still wanted then.
///
/// It is a `DurableOutbox`: each row is claimed by one server at a time, so a message goes out
/// once even when several servers share the database.
struct SigningMailSchedule: Sendable {
    /// The queue's claims and records of attempts.
    let outbox: DurableOutbox<Job>
    /// The time mail is scheduled from.
    let clock: OutboxClock

    /// The table and its bookkeeping columns.
    static let table = OutboxTable(name: "signing_mail_schedule", doneAt: "sent_at")

    /// How many days after the request each reminder comes.
    static let reminderDays = [3, 6, 10]

    /// What a row stands for.
    enum Kind: String, Decodable, Sendable {
        /// A reminder to the row's recipient.
        case reminder
        /// The document's expiry: it expires if still unsigned, and its sender is told.
        case expiry
    }

    /// What a claim reads of a row.
    struct Job: Decodable, Sendable {
        /// What is due.
        let kind: Kind
        /// The document.
        let documentID: String
        /// The recipient, by their id in the document; `nil` for an expiry.
        let recipientID: String?

        enum CodingKeys: String, CodingKey {
            case kind
            case documentID = "document_id"
            case recipientID = "recipient_id"
        }
    }

    /// The schedule in `database`, timed by `clock`.
    init(database: Database, clock: OutboxClock = .system) {
        self.clock = clock
        outbox = DurableOutbox(database: database, table: Self.table, payloadColumns: ["kind", "document_id", "recipient_id"])
    }

    /// Schedules the reminders of recipient `recipientID` of document `documentID`, counted
    /// from now; they are in the database when this returns.
    func scheduleReminders(documentID: String, recipientID: String) async throws {
        let now = clock.now
        try await insert(Self.reminderDays.map { (.reminder, documentID, recipientID, now + TimeInterval($0 * 24 * 3600)) })
    }

    /// Schedules the expiry of document `documentID` at `date`.
    func scheduleExpiry(documentID: String, at date: Date) async throws {
        try await insert([(.expiry, documentID, nil, date)])
    }

    /// Inserts one row for each of `rows`, queued now and due at its date.
    private func insert(_ rows: [(kind: Kind, documentID: String, recipientID: String?, due: Date)]) async throws {
        let now = clock.now
        try await outbox.database.withConnection { sql in
            var insert = sql.insert(into: Self.table.name)
                .columns("id", "kind", "document_id", "recipient_id", "attempts", "next_attempt_at", "created_at")
            for row in rows {
                insert = insert.values(
                    SQLBind(UUID().uuidString.lowercased()), SQLBind(row.kind.rawValue), SQLBind(row.documentID), SQLBind(row.recipientID),
                    SQLBind(0), SQLBind(row.due), SQLBind(now)
                )
            }
            try await insert.run()
        }
    }
}
