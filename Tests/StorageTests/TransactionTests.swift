import ChanceryTestSupport
import Foundation
import SQLKit
import Storage
import Testing

@Suite struct TransactionTests {
    struct Failure: Error {}

    static func withNotes(_ body: (Database) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([MigrationTests.notes(MigrationTests.addCreatedAt)], logger: TestDatabase.logger)
            try await body(database)
        }
    }

    static func count(_ database: Database) async throws -> Int {
        try await database.withConnection { sql in
            try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("notes")
                .first(decodingColumn: "n", as: Int.self) ?? 0
        }
    }

    static func insert(_ id: String, into sql: any SQLDatabase) async throws {
        try await sql.insert(into: "notes").columns("id", "body", "created_at").values(SQLBind(id), SQLBind("text"), SQLBind(Date())).run()
    }

    @Test func commitsWhenTheBodyReturns() async throws {
        try await Self.withNotes { database in
            try await database.withTransaction { sql in
                try await Self.insert("a", into: sql)
                try await Self.insert("b", into: sql)
            }
            let count2 = try await Self.count(database)
            #expect(count2 == 2)
        }
    }

    @Test func rollsBackEverythingWhenTheBodyThrows() async throws {
        try await Self.withNotes { database in
            await #expect(throws: Failure.self) {
                try await database.withTransaction { sql in
                    try await Self.insert("a", into: sql)
                    throw Failure()
                }
            }
            let count0 = try await Self.count(database)
            #expect(count0 == 0)
            // The connection is usable afterwards: no transaction was left open.
            try await database.withTransaction { sql in try await Self.insert("c", into: sql) }
            let count1 = try await Self.count(database)
            #expect(count1 == 1)
        }
    }

    @Test func rollsBackOnAConstraintViolation() async throws {
        try await Self.withNotes { database in
            await #expect(throws: (any Error).self) {
                try await database.withTransaction { sql in
                    try await Self.insert("same", into: sql)
                    try await Self.insert("same", into: sql)
                }
            }
            let count0 = try await Self.count(database)
            #expect(count0 == 0)
        }
    }

    @Test func concurrentTransactionsDoNotInterleave() async throws {
        try await Self.withNotes { database in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for worker in 0..<8 {
                    group.addTask {
                        for item in 0..<5 {
                            try await database.withTransaction { sql in try await Self.insert("\(worker)-\(item)", into: sql) }
                        }
                    }
                }
                try await group.waitForAll()
            }
            let count40 = try await Self.count(database)
            #expect(count40 == 40)
        }
    }

    @Test func timestampsKeepMillisecondsInUTC() async throws {
        try await Self.withNotes { database in
            let moment = Date(timeIntervalSince1970: 1_790_000_000.123)
            try await database.withConnection { sql in
                try await sql.insert(into: "notes").columns("id", "body", "created_at").values(SQLBind("t"), SQLBind("x"), SQLBind(moment)).run()
            }
            let stored = try await database.withConnection { sql in
                try await sql.select().column("created_at").from("notes").where("id", .equal, "t")
                    .first(decodingColumn: "created_at", as: Date.self)
            }
            let difference = abs(try #require(stored).timeIntervalSince(moment))
            #expect(difference < 0.001)
        }
    }

    @Test func runsOnTheEngineOfThisTestRun() async throws {
        try await TestDatabase.with { database in
            #expect(database.engine == TestDatabase.engine)
        }
    }
}
