import SQLKit
import Storage

/// The schema history of the Signing capability's tables.
public enum SigningMigrations {
    /// All migrations of the `signing` module, in order.
    public static let all = MigrationSet(module: "signing", migrations: [
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
    ])
}
