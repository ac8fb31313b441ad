import Foundation
import SQLKit
import Storage

/// The `mail_outbox` table: a durable queue of messages for the ``MailDeliverer`` to send.
///
/// ``enqueue(_:)`` writes a message in its encoded form, with its envelope, before it returns;
/// every attempt then sends those very bytes, with the same `Message-ID` and `Date`. Claims,
/// leases, failures and retries are those of a `DurableOutbox` (see ``outbox``), whose done
/// time is the column `sent_at`: a message is sent by one server even when several share the
/// database.
///
/// ```swift
/// let outbox = MailOutbox(database: database)
/// let deliverer = MailDeliverer(outbox: outbox, client: SMTPClient(server: settings.server), logger: logger)
/// try await outbox.enqueue(message)
/// deliverer.wake()
/// ```
public struct MailOutbox: Sendable {
    /// The database the table is in.
    private let database: Database
    /// The queue's claims and records of attempts.
    let outbox: DurableOutbox<Job>
    /// The time messages are queued at, and their retries scheduled by.
    let clock: OutboxClock

    /// The table and its bookkeeping columns.
    static let table = OutboxTable(name: "mail_outbox", doneAt: "sent_at")

    /// What a claim reads of a queued message: the envelope and the bytes to send.
    struct Job: Decodable, Sendable {
        /// The envelope's sender, an address.
        let mailFrom: String
        /// The envelope's recipients, addresses separated by commas (which no address holds).
        let recipients: String
        /// The encoded message (ASCII).
        let message: String

        enum CodingKeys: String, CodingKey {
            case message, recipients
            case mailFrom = "mail_from"
        }

        /// The envelope's recipients, one address each.
        var recipientAddresses: [String] {
            recipients.split(separator: ",").map(String.init)
        }
    }

    /// The queue in `database`, whose messages are queued at the dates of `clock`.
    public init(database: Database, clock: OutboxClock = .system) {
        self.database = database
        self.clock = clock
        outbox = DurableOutbox(database: database, table: Self.table, payloadColumns: ["mail_from", "recipients", "message"])
    }

    /// Queues `message` for its recipients, due after `delay` (now by default), on behalf of
    /// `account` (whose daily budget it counts against; `nil` for the server's own mail); it is
    /// in the database when this returns. Wake the ``MailDeliverer`` afterwards to send it when
    /// due.
    ///
    /// - Returns: The id of the queued message, which the deliverer's logs name.
    @discardableResult
    public func enqueue(_ message: MailMessage, after delay: Duration = .zero, account: String? = nil) async throws -> String {
        let id = UUID().uuidString.lowercased()
        let now = clock.now
        let due = now + max(delay, .zero).timeInterval
        let recipients = message.to.map(\.address).joined(separator: ",")
        try await database.withConnection { sql in
            try await sql.insert(into: Self.table.name)
                .columns("id", "mail_from", "recipients", "message", "attempts", "next_attempt_at", "created_at", "account_id")
                .values(
                    SQLBind(id), SQLBind(message.from.address), SQLBind(recipients), SQLBind(String(decoding: message.encoded(), as: UTF8.self)),
                    SQLBind(0), SQLBind(due), SQLBind(now), SQLBind(account)
                )
                .run()
        }
        return id
    }

    /// How many messages were queued on behalf of `account` in the `period` before now.
    public func count(queuedFor account: String, inLast period: Duration) async throws -> Int {
        let since = clock.now - period.timeInterval
        return try await database.withReadConnection { sql in
            let row = try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "count").from(Self.table.name)
                .where("account_id", .equal, SQLBind(account)).where("created_at", .greaterThan, SQLBind(since)).first()
            return try row?.decode(column: "count", as: Int.self) ?? 0
        }
    }
}
