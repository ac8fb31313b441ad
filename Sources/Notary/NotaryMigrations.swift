import Foundation
import SQLKit
import Storage

/// The schema history of the Notary's tables: the transparency log and the reports.
public enum NotaryMigrations {
    /// All migrations of the `notary` module, in order.
    public static let all = MigrationSet(
        module: "notary",
        migrations: [
            Migration(version: 1, name: "log entries, tiles and checkpoints") { sql in
                try await sql.create(table: "notary_log_entries")
                    .column("idx", type: .bigint, .primaryKey(autoIncrement: false))
                    .column("entry", type: .blob, .notNull)
                    .run()
                try await sql.create(table: "notary_log_tiles")
                    .column("level", type: .int, .notNull)
                    .column("idx", type: .bigint, .notNull)
                    .column("hashes", type: .blob, .notNull)
                    .primaryKey("level", "idx")
                    .run()
                try await sql.create(table: "notary_log_checkpoints")
                    .column("size", type: .bigint, .primaryKey(autoIncrement: false))
                    .column("root", type: .blob, .notNull)
                    .column("note", type: .text, .notNull)
                    .column("created_at", type: .timestamp, .notNull)
                    .run()
            },
            Migration(version: 2, name: "reports") { sql in
                try await sql.create(table: "notary_reports")
                    .column("slug", type: .text, .primaryKey(autoIncrement: false))
                    .column("owner_id", type: .text, .notNull)
                    .column("hash", type: .text, .notNull)
                    .column("name", type: .text)
                    .column("note", type: .text)
                    .column("email", type: .text)
                    .column("original_created_at", type: .timestamp, .notNull)
                    .column("meta_data", type: .text)
                    .column("provable_files", type: .text, .notNull)
                    .column("committed_metadata", type: .blob, .notNull)
                    .column("salt", type: .blob, .notNull)
                    .column("log_index", type: .bigint, .notNull, .unique)
                    .column("leaf_hash", type: .text, .notNull)
                    .column("checkpoint_size", type: .bigint, .notNull)
                    .column("created_at", type: .timestamp, .notNull)
                    .run()
                try await sql.create(index: "notary_reports_by_hash").on("notary_reports").column("hash").run()
            },
            Migration(version: 3, name: "a time-stamp reply per report") { sql in
                try await sql.alter(table: "notary_reports").column("time_stamp_reply", type: .blob).run()
            },
            Migration(version: 4, name: "reports accepted before they are logged") { sql in
                try await sql.create(table: "notary_pending_reports")
                    .column("leaf_hash", type: .text, .primaryKey(autoIncrement: false))
                    .column("slug", type: .text, .notNull)
                    .column("owner_id", type: .text, .notNull)
                    .column("prepared", type: .text, .notNull)
                    .column("created_at", type: .timestamp, .notNull)
                    .run()
                try await sql.create(index: "notary_pending_reports_by_slug").on("notary_pending_reports").column("slug").run()
            },
        ])
}
