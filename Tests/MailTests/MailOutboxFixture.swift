import ChanceryTestSupport
import Foundation
import Logging
import Mail
import SQLKit
import ServiceLifecycle
import Storage

/// A migrated database with a mail outbox whose time is a ``ManualClock`` the tests move, and
/// the deliverers that send its messages.
struct MailOutboxFixture: Sendable {
    /// The database, with the mail tables.
    let database: Database
    /// The clock the outbox queues and retries by.
    let clock: ManualClock
    /// The outbox over ``clock``, starting at ``start``.
    let outbox: MailOutbox

    /// When the tests' time starts: a whole second, so that dates survive the database.
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// Retries after 1 minute, doubling up to an hour, for a day; one message at a time; no
    /// polling within a test's time.
    static let policy = OutboxPolicy(
        firstRetryDelay: .seconds(60), maximumRetryDelay: .seconds(3600), retryPeriod: .seconds(24 * 3600), concurrentAttempts: 1,
        lease: .seconds(600), pollInterval: .seconds(30 * 24 * 3600)
    )

    /// A queued message's row, as the tests check it.
    struct Row: TableRow, Equatable {
        /// The message's id.
        let id: String
        /// The envelope's sender.
        let mailFrom: String
        /// The envelope's recipients, separated by commas.
        let recipients: String
        /// The encoded message.
        let message: String
        /// How many attempts were started.
        let attempts: Int
        /// When the next attempt is due.
        let nextAttemptAt: Date?
        /// When the message was sent.
        let sentAt: Date?
        /// Why the last attempt failed.
        let lastError: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case id, recipients, message, attempts
            case mailFrom = "mail_from"
            case nextAttemptAt = "next_attempt_at"
            case sentAt = "sent_at"
            case lastError = "last_error"
        }
    }

    /// Runs `body` over a fresh database with the mail migrations applied.
    static func with(_ body: (MailOutboxFixture) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            _ = try await database.migrate([MailMigrations.all], logger: TestDatabase.logger)
            let clock = ManualClock()
            try await body(
                MailOutboxFixture(
                    database: database, clock: clock, outbox: MailOutbox(database: database, clock: OutboxClock(clock, startingAt: start))))
        }
    }

    /// The current time of ``outbox``.
    var now: Date { Self.start + clock.now.offset.timeInterval }

    /// A deliverer of ``outbox`` through the server at `url`, logging to `logger`.
    func deliverer(url: String, logger: Logger = TestDatabase.logger) throws -> MailDeliverer {
        MailDeliverer(outbox: outbox, client: SMTPClient(server: try SMTPServerURL(url)), policy: Self.policy, logger: logger)
    }

    /// The row of message `id`, or `nil` when there is none.
    func row(_ id: String) async throws -> Row? {
        try await database.withReadConnection { sql in
            try await sql.select().columns(Row.columns).from("mail_outbox").where("id", .equal, SQLBind(id)).first(decoding: Row.self)
        }
    }

    /// A message to `recipient` with a line that starts with a dot, which SMTP must stuff and
    /// unstuff.
    static func message(to recipient: String = "ada@example.com", subject: String = "Your document is sealed") throws -> MailMessage {
        try MailMessage(
            from: MailAddress("notary@example.com", displayName: "Chancery"), to: [MailAddress(recipient)], subject: subject,
            text: "Hello,\n.a line with a leading dot\nChancery\n"
        )
    }

    /// Runs `deliverers` in a service group while `body` runs, then shuts them down gracefully
    /// and waits for them to stop.
    static func running<Result: Sendable>(_ deliverers: [MailDeliverer], _ body: () async throws -> Result) async throws -> Result {
        try await whileRunning(deliverers) { _ in try await body() }
    }
}
