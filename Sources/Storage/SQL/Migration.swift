import SQLKit

/// One versioned change to the schema of one module.
///
/// ```swift
/// let createUsers = Migration(version: 1, name: "create users") { sql in
///     try await sql.create(table: "users")
///         .column("id", type: .text, .primaryKey(autoIncrement: false))
///         .run()
/// }
/// ```
public struct Migration: Sendable {
    /// The position of this migration in its module's history, starting at 1.
    public let version: Int
    /// A short description shown in logs.
    public let name: String
    /// Applies the change. It runs inside a transaction that also records it as applied.
    public let apply: @Sendable (any SQLDatabase) async throws -> Void

    /// Creates a migration.
    public init(version: Int, name: String, apply: @escaping @Sendable (any SQLDatabase) async throws -> Void) {
        self.version = version
        self.name = name
        self.apply = apply
    }
}

/// The whole schema history of one module, applied in version order.
public struct MigrationSet: Sendable {
    /// The module that owns these tables, for example `accounts`.
    public let module: String
    /// The module's migrations.
    public let migrations: [Migration]

    /// Creates a migration set.
    public init(module: String, migrations: [Migration]) {
        self.module = module
        self.migrations = migrations
    }
}
