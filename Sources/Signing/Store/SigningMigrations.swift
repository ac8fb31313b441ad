import SQLKit
import Storage

/// The schema history of the Signing capability's tables.
public enum SigningMigrations {
    /// All migrations of the `signing` module, in order.
    public static let all = MigrationSet(
        module: "signing",
        migrations: [
            Migration(version: 1, name: "documents") { sql in
                // The document is one JSON body; the columns beside it are what lists filter and sort on.
                try await sql.create(table: "signing_documents")
                    .column("id", type: .text, .primaryKey(autoIncrement: false))
                    .column("owner_id", type: .text, .notNull)
                    .column("status", type: .text, .notNull)
                    .column("name", type: .text)
                    .column("created_at", type: .timestamp, .notNull)
                    .column("updated_at", type: .timestamp, .notNull)
                    .column("version", type: .bigint, .notNull)
                    .column("body", type: .text, .notNull)
                    .run()
                try await sql.create(index: "signing_documents_by_owner").on("signing_documents").column("owner_id").column("created_at").run()
            },
            Migration(version: 2, name: "webhooks") { sql in
                try await sql.create(table: "signing_hooks")
                    .column("id", type: .text, .primaryKey(autoIncrement: false))
                    .column("owner_id", type: .text, .notNull)
                    .column("callback_url", type: .text, .notNull)
                    .column("api_application_id", type: .text)
                    .column("created_at", type: .timestamp, .notNull)
                    .run()
                try await sql.create(index: "signing_hooks_by_owner").on("signing_hooks").column("owner_id").run()
                // One row per event and hook; `body` is sent byte for byte on every attempt. A row is
                // pending while `delivered_at` is null and `next_attempt_at` is set.
                try await sql.create(table: "signing_webhook_deliveries")
                    .column("id", type: .text, .primaryKey(autoIncrement: false))
                    .column("hook_id", type: .text, .notNull)
                    .column("event_type", type: .text, .notNull)
                    .column("body", type: .text, .notNull)
                    .column("attempts", type: .bigint, .notNull)
                    .column("next_attempt_at", type: .timestamp)
                    .column("last_status", type: .bigint)
                    .column("last_error", type: .text)
                    .column("delivered_at", type: .timestamp)
                    .column("created_at", type: .timestamp, .notNull)
                    .run()
                try await sql.create(index: "signing_webhook_deliveries_due").on("signing_webhook_deliveries")
                    .column("delivered_at").column("next_attempt_at").run()
                try await sql.create(index: "signing_webhook_deliveries_by_hook").on("signing_webhook_deliveries").column("hook_id").run()
            },
            Migration(version: 3, name: "templates and bulk sends") { sql in
                // A template is one JSON body beside the columns lists filter and sort on; its files
                // are blobs the body names.
                try await sql.create(table: "signing_templates")
                    .column("id", type: .text, .primaryKey(autoIncrement: false))
                    .column("owner_id", type: .text, .notNull)
                    .column("status", type: .text, .notNull)
                    .column("name", type: .text)
                    .column("created_at", type: .timestamp, .notNull)
                    .column("updated_at", type: .timestamp, .notNull)
                    .column("version", type: .bigint, .notNull)
                    .column("body", type: .text, .notNull)
                    .run()
                try await sql.create(index: "signing_templates_by_owner").on("signing_templates").column("owner_id").column("created_at").run()
                try await sql.create(table: "signing_bulk_sends")
                    .column("id", type: .text, .primaryKey(autoIncrement: false))
                    .column("owner_id", type: .text, .notNull)
                    .column("created_at", type: .timestamp, .notNull)
                    .column("body", type: .text, .notNull)
                    .run()
                try await sql.create(index: "signing_bulk_sends_by_owner").on("signing_bulk_sends").column("owner_id").column("created_at").run()
                // A bulk send's documents in the order of their CSV rows.
                try await sql.create(table: "signing_bulk_send_documents")
                    .column("bulk_send_id", type: .text, .notNull)
                    .column("position", type: .bigint, .notNull)
                    .column("document_id", type: .text, .notNull)
                    .primaryKey("bulk_send_id", "position")
                    .run()
            },
            Migration(version: 4, name: "API applications") { sql in
                try await sql.create(table: "signing_api_applications")
                    .column("id", type: .text, .primaryKey(autoIncrement: false))
                    .column("owner_id", type: .text, .notNull)
                    .column("created_at", type: .timestamp, .notNull)
                    .column("body", type: .text, .notNull)
                    .run()
                try await sql.create(index: "signing_api_applications_by_owner").on("signing_api_applications")
                    .column("owner_id").column("created_at").run()
            },
            Migration(version: 5, name: "passcode attempts") { sql in
                try await sql.create(table: "signing_passcode_attempts")
                    .column("link", type: .text, .primaryKey(autoIncrement: false))
                    .column("attempts", type: .bigint, .notNull)
                    .column("locked_until", type: .timestamp)
                    .column("updated_at", type: .timestamp, .notNull)
                    .run()
                try await sql.create(index: "signing_passcode_attempts_by_age").on("signing_passcode_attempts").column("updated_at").run()
            },
            Migration(version: 6, name: "scheduled signing mail") { sql in
                try await sql.create(table: "signing_mail_schedule")
                    .column("id", type: .text, .primaryKey(autoIncrement: false))
                    .column("kind", type: .text, .notNull)
                    .column("document_id", type: .text, .notNull)
                    .column("recipient_id", type: .text)
                    .column("attempts", type: .bigint, .notNull)
                    .column("next_attempt_at", type: .timestamp)
                    .column("last_error", type: .text)
                    .column("sent_at", type: .timestamp)
                    .column("created_at", type: .timestamp, .notNull)
                    .run()
                try await sql.create(index: "signing_mail_schedule_due").on("signing_mail_schedule")
                    .column("sent_at").column("next_attempt_at").run()
            },
        ])
}
