import ChanceryTestSupport
import Foundation
import SQLKit
import Testing

@testable import Storage

/// Statements sent together (`runInOrder`) and statements every transaction runs before its
/// commit (`Database.runBeforeEachCommit`), on the engine of this test run.
@Suite struct StatementsBeforeCommitTests {
    struct Failure: Error {}

    /// The ids of the notes, in no particular order.
    static func ids(_ database: Database) async throws -> [String] {
        try await database.withReadConnection { sql in
            try await sql.select().column("id").from("notes").all(decodingColumn: "id", as: String.self)
        }
    }

    /// A statement that adds the note `id` only when the note `previous` is there already.
    static func chained(_ id: String, after previous: String) -> SQLQueryString {
        "INSERT INTO notes (id, body, created_at) SELECT \(bind: id), 'text', \(bind: Date()) WHERE EXISTS (SELECT 1 FROM notes WHERE id = \(bind: previous))"
    }

    @Test func statementsSentTogetherRunInTheOrderTheyWereSent() async throws {
        try await TransactionTests.withNotes { database in
            try await database.withTransaction { sql in
                try await TransactionTests.insert("s0", into: sql)
                // Each one adds its note only after the one before it ran: out of order, the
                // chain breaks.
                try await sql.runInOrder((1...40).map { Self.chained("s\($0)", after: "s\($0 - 1)") })
            }
            #expect(Set(try await Self.ids(database)) == Set((0...40).map { "s\($0)" }))
        }
    }

    @Test func everyStatementRunsAndTheFirstFailureIsThrown() async throws {
        try await TransactionTests.withNotes { database in
            try await database.withConnection { sql in
                try await TransactionTests.insert("taken", into: sql)
                await #expect(throws: (any Error).self) {
                    try await sql.runInOrder([
                        Self.chained("a", after: "taken"),
                        // The same id again breaks the primary key.
                        SQLQueryString("INSERT INTO notes (id, body, created_at) VALUES ('taken', 'text', \(bind: Date()))"),
                        Self.chained("b", after: "a"),
                    ])
                }
            }
            #expect(Set(try await Self.ids(database)) == ["taken", "a", "b"])
        }
    }

    @Test func eachTransactionRunsTheStatementsAfterItsWorkBeforeItCommits() async throws {
        try await TransactionTests.withNotes { database in
            // Records, when the transaction ends, how many notes there are.
            try await database.withConnection { sql in try await sql.raw("CREATE TABLE marks (notes INTEGER NOT NULL)").run() }
            database.runBeforeEachCommit(named: "marks", [SQLRaw("INSERT INTO marks (notes) SELECT COUNT(*) FROM notes")])
            if let group = database.commitGroup {
                // SQLite: the transactions queued together share one commit, so one mark that
                // counts all their notes.
                let outcomes = await CommitGroupTests.runGrouped(
                    on: database, group: group, member: { number, sql in try await TransactionTests.insert("m\(number)", into: sql) }
                )
                for outcome in outcomes { try outcome.get() }
                #expect(try await Self.marks(database) == [CommitGroupTests.queued + 1])
            } else {
                for number in 1...3 {
                    try await database.withTransaction { sql in try await TransactionTests.insert("m\(number)", into: sql) }
                }
                #expect(try await Self.marks(database) == [1, 2, 3])
            }
        }
    }

    @Test func aFailingStatementBeforeCommitRollsTheTransactionBack() async throws {
        try await TransactionTests.withNotes { database in
            database.runBeforeEachCommit(named: "broken", [SQLRaw("INSERT INTO no_such_table (n) VALUES (1)")])
            await #expect(throws: (any Error).self) {
                try await database.withTransaction { sql in try await TransactionTests.insert("lost", into: sql) }
            }
            #expect(try await Self.ids(database).isEmpty)
            // The same name again replaces the statements.
            database.runBeforeEachCommit(named: "broken", [])
            try await database.withTransaction { sql in try await TransactionTests.insert("kept", into: sql) }
            #expect(try await Self.ids(database) == ["kept"])
        }
    }

    /// The marks, oldest first.
    static func marks(_ database: Database) async throws -> [Int] {
        try await database.withReadConnection { sql in
            try await sql.raw("SELECT notes FROM marks ORDER BY notes").all(decodingColumn: "notes", as: Int.self)
        }
    }
}
