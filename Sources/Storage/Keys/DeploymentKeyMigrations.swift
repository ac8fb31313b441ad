import SQLKit

/// The schema history of the deployment's shared key table.
public enum DeploymentKeyMigrations {
    /// All migrations of the `deployment-keys` module, in order.
    public static let all = MigrationSet(
        module: "deployment-keys",
        migrations: [
            Migration(version: 1, name: "key files sealed with the key-encryption key") { sql in
                try await sql.create(table: "deployment_keys")
                    .column("name", type: .text, .primaryKey(autoIncrement: false), .notNull)
                    .column("sealed", type: .blob, .notNull)
                    .column("created_at", type: .bigint, .notNull)
                    .run()
            },
            Migration(version: 2, name: "rotations") { sql in
                // The SHA-256 (hex) of the key file contents a rotated key replaced.
                try await sql.alter(table: "deployment_keys").column("replaces", type: .text).run()
            },
        ])
}
