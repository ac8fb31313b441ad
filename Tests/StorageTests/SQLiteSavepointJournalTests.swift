import ChanceryTestSupport
import Foundation
import SQLKit
import Storage
import Testing

/// SQLite's writer keeps its savepoint journals in memory (`temp_store = MEMORY`); a member of
/// a group commit that changed far more than the 64 KiB SQLite would otherwise keep in memory
/// is still rolled back whole, and the members beside it are not.
@Suite struct SQLiteSavepointJournalTests {
    /// A body long enough that a few hundred notes fill many pages.
    static let longBody = String(repeating: "chancery ", count: 100)

    @Test func theWriterKeepsItsSavepointJournalInMemoryAndReadersDoNot() async throws {
        try await TransactionTests.withNotes { database in
            guard database.engine == .sqlite else { return }
            let writer = try await database.withConnection { sql in try await Self.tempStore(sql) }
            let reader = try await database.withReadConnection { sql in try await Self.tempStore(sql) }
            #expect(writer == 2)  // MEMORY
            #expect(reader == 0)  // the default
        }
    }

    @Test func aMemberThatChangedManyPagesRollsBackAloneBesideOthersThatCommit() async throws {
        try await TransactionTests.withNotes { database in
            let notes = 600
            try await database.withTransaction { sql in
                for index in 0..<notes {
                    try await sql.insert(into: "notes").columns("id", "body", "created_at")
                        .values(SQLBind("n\(index)"), SQLBind(Self.longBody), SQLBind(Date())).run()
                }
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    await #expect(throws: TransactionTests.Failure.self) {
                        try await database.withTransaction { sql in
                            // About 600 kB of notes rewritten: every page of the table changes.
                            try await sql.update("notes").set("body", to: "rewritten").run()
                            try await sql.delete(from: "notes").where("id", .equal, "n0").run()
                            throw TransactionTests.Failure()
                        }
                    }
                }
                for index in 0..<8 {
                    group.addTask {
                        try await database.withTransaction { sql in try await TransactionTests.insert("beside\(index)", into: sql) }
                    }
                }
                try await group.waitForAll()
            }
            let (count, rewritten) = try await database.withReadConnection { sql in
                let count = try await ReadConnectionTests.count(sql)
                let rewritten = try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("notes")
                    .where("body", .equal, "rewritten").first(decodingColumn: "n", as: Int.self)
                return (count, rewritten)
            }
            #expect(count == notes + 8)
            #expect(rewritten == 0)
        }
    }

    /// The connection's `temp_store` setting: 0 default, 1 file, 2 memory.
    private static func tempStore(_ sql: any SQLDatabase) async throws -> Int? {
        try await sql.raw("PRAGMA temp_store").first(decodingColumn: "temp_store", as: Int.self)
    }
}
