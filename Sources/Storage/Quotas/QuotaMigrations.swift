import SQLKit

/// The schema history of the storage quotas' table.
public enum QuotaMigrations {
    /// All migrations of the `quotas` module, in order.
    public static let all = MigrationSet(
        module: "quotas",
        migrations: [
            Migration(version: 1, name: "storage quotas per user and per group") { sql in
                try await sql.create(table: "storage_quotas")
                    .column("subject_kind", type: .text, .notNull)
                    .column("subject", type: .text, .notNull)
                    .column("bytes", type: .bigint, .notNull)
                    .primaryKey("subject_kind", "subject")
                    .run()
            }
        ])
}
