import ChanceryTestSupport
import Foundation
import SQLKit
import Storage
import Testing

@Suite struct MigrationTests {
    struct Failure: Error {}

    static func notes(_ extra: Migration...) -> MigrationSet {
        MigrationSet(
            module: "notes",
            migrations: [
                Migration(version: 1, name: "create notes") { sql in
                    try await sql.create(table: "notes")
                        .column("id", type: .text, .primaryKey(autoIncrement: false))
                        .column("body", type: .text, .notNull)
                        .run()
                }
            ] + extra)
    }

    static let addCreatedAt = Migration(version: 2, name: "add created_at") { sql in
        try await sql.alter(table: "notes").column("created_at", type: .timestamp).run()
    }

    @Test func appliesEachMigrationOnce() async throws {
        try await TestDatabase.with { database in
            let first = try await database.migrate([Self.notes(Self.addCreatedAt)], logger: TestDatabase.logger)
            #expect(first == ["notes v1", "notes v2"])
            let second = try await database.migrate([Self.notes(Self.addCreatedAt)], logger: TestDatabase.logger)
            #expect(second.isEmpty)
            let recorded = try await database.withConnection { sql in
                try await sql.select().column("version").from("chancery_migrations").where("module", .equal, "notes")
                    .orderBy("version").all(decodingColumn: "version", as: Int.self)
            }
            #expect(recorded == [1, 2])
        }
    }

    @Test func appliesOnlyNewMigrationsToAnExistingSchema() async throws {
        try await TestDatabase.with { database in
            try await database.migrate([Self.notes()], logger: TestDatabase.logger)
            let later = try await database.migrate([Self.notes(Self.addCreatedAt)], logger: TestDatabase.logger)
            #expect(later == ["notes v2"])
        }
    }

    @Test func aFailingMigrationLeavesNoTrace() async throws {
        try await TestDatabase.with { database in
            try await database.migrate([Self.notes()], logger: TestDatabase.logger)
            let broken = Migration(version: 2, name: "half done") { sql in
                try await sql.create(table: "half").column("id", type: .text).run()
                throw Failure()
            }
            await #expect(throws: Failure.self) { try await database.migrate([Self.notes(broken)], logger: TestDatabase.logger) }
            let tables = try await database.withConnection { sql in
                try await sql.select().column("version").from("chancery_migrations").where("module", .equal, "notes")
                    .all(decodingColumn: "version", as: Int.self)
            }
            #expect(tables == [1])
            // The table created before the failure was rolled back with it.
            await #expect(throws: (any Error).self) {
                try await database.withConnection { sql in _ = try await sql.select().column("id").from("half").all() }
            }
        }
    }

    @Test func rejectsDuplicateVersions() async throws {
        try await TestDatabase.with { database in
            let duplicate = Migration(version: 1, name: "again") { _ in }
            await #expect(throws: StorageError.duplicateMigrationVersion(module: "notes", version: 1)) {
                try await database.migrate([Self.notes(duplicate)], logger: TestDatabase.logger)
            }
        }
    }

    @Test func refusesADatabaseNewerThanTheBuild() async throws {
        try await TestDatabase.with { database in
            try await database.migrate([Self.notes(Self.addCreatedAt)], logger: TestDatabase.logger)
            await #expect(throws: StorageError.unknownAppliedMigration(module: "notes", version: 2)) {
                try await database.migrate([Self.notes()], logger: TestDatabase.logger)
            }
        }
    }
}
