import Foundation
import Logging
import SQLKit

extension Database {
    /// Brings the schema of every module up to date.
    ///
    /// Each pending migration runs in its own transaction together with the row that records
    /// it in `chancery_migrations`, so a failed migration leaves no trace and the ones before
    /// it stay applied. On PostgreSQL an advisory lock serializes instances that start at the
    /// same time; on SQLite the transaction's write lock does.
    ///
    /// - Returns: The migrations applied now, as `module vN` strings, in order.
    @discardableResult
    public func migrate(_ sets: [MigrationSet], logger: Logger) async throws -> [String] {
        try await withTransaction { sql in
            try await lockMigrations(sql)
            try await sql.create(table: "chancery_migrations")
                .ifNotExists()
                .column("module", type: .text, .notNull)
                .column("version", type: .bigint, .notNull)
                .column("name", type: .text, .notNull)
                .column("applied_at", type: .timestamp, .notNull)
                .primaryKey("module", "version")
                .run()
        }
        var applied: [String] = []
        for set in sets {
            let sorted = set.migrations.sorted { $0.version < $1.version }
            if let duplicate = zip(sorted, sorted.dropFirst()).first(where: { $0.version == $1.version }) {
                throw StorageError.duplicateMigrationVersion(module: set.module, version: duplicate.0.version)
            }
            for migration in sorted {
                let didApply = try await withTransaction { sql in
                    try await lockMigrations(sql)
                    let done = try await sql.select().column("version").from("chancery_migrations")
                        .where("module", .equal, set.module)
                        .all(decodingColumn: "version", as: Int.self)
                    if let unknown = done.first(where: { $0 > sorted.last?.version ?? 0 }) {
                        throw StorageError.unknownAppliedMigration(module: set.module, version: unknown)
                    }
                    guard !done.contains(migration.version) else { return false }
                    try await migration.apply(sql)
                    try await sql.insert(into: "chancery_migrations")
                        .columns("module", "version", "name", "applied_at")
                        .values(SQLBind(set.module), SQLBind(migration.version), SQLBind(migration.name), SQLBind(Date()))
                        .run()
                    return true
                }
                if didApply {
                    logger.info(
                        "applied migration", metadata: ["module": "\(set.module)", "version": "\(migration.version)", "name": "\(migration.name)"])
                    applied.append("\(set.module) v\(migration.version)")
                }
            }
        }
        return applied
    }

    /// Serializes migrations across instances until the current transaction ends: an
    /// advisory lock on PostgreSQL; on SQLite the `BEGIN IMMEDIATE` write lock already does.
    private func lockMigrations(_ sql: any SQLDatabase) async throws {
        guard engine == .postgres else { return }
        try await sql.raw("SELECT pg_advisory_xact_lock(\(literal: Self.migrationLockKey))").run()
    }

    /// The PostgreSQL advisory lock key that serializes migrations across instances.
    private static let migrationLockKey = 0x4348_414E_4345
}
