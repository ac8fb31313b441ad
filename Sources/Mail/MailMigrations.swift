import SQLKit
import Storage

/// The schema history of the mail tables.
public enum MailMigrations {
    /// All migrations of the `mail` module, in order.
    public static let all = MigrationSet(
        module: "mail",
        migrations: [
            Migration(version: 1, name: "outbox") { sql in
                // One row per message; `message` is its encoded form (ASCII), sent byte for byte on
                // every attempt. A row is pending while `sent_at` is null and `next_attempt_at` is set.
                try await sql.create(table: "mail_outbox")
                    .column("id", type: .text, .primaryKey(autoIncrement: false))
                    .column("mail_from", type: .text, .notNull)
                    .column("recipients", type: .text, .notNull)
                    .column("message", type: .text, .notNull)
                    .column("attempts", type: .bigint, .notNull)
                    .column("next_attempt_at", type: .timestamp)
                    .column("sent_at", type: .timestamp)
                    .column("last_error", type: .text)
                    .column("created_at", type: .timestamp, .notNull)
                    .run()
                try await sql.create(index: "mail_outbox_due").on("mail_outbox").column("sent_at").column("next_attempt_at").run()
            },
            Migration(version: 2, name: "accounts' daily budgets") { sql in
                // The account whose action queued the message, for its daily budget; null for the
                // server's own mail (such as `chancery mail test`).
                try await sql.alter(table: "mail_outbox").column("account_id", type: .text).run()
                try await sql.create(index: "mail_outbox_by_account").on("mail_outbox").column("account_id").column("created_at").run()
            },
        ])
}
