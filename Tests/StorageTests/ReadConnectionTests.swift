import ChanceryTestSupport
import SQLKit
import Storage
import Testing

@Suite struct ReadConnectionTests {
    static func count(_ sql: any SQLDatabase) async throws -> Int {
        try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("notes")
            .first(decodingColumn: "n", as: Int.self) ?? 0
    }

    @Test func readsGoOnWhileATransactionHoldsTheWriter() async throws {
        try await TransactionTests.withNotes { database in
            let (inserted, didInsert) = AsyncStream.makeStream(of: Void.self)
            let (release, finish) = AsyncStream.makeStream(of: Void.self)
            async let writer: Void = database.withTransaction { sql in
                try await TransactionTests.insert("a", into: sql)
                didInsert.yield()
                for await _ in release { break }
            }
            for await _ in inserted { break }
            // The open transaction holds the write connection; a read still answers at once,
            // and sees only what is committed.
            let during = try await database.withReadConnection { sql in try await Self.count(sql) }
            #expect(during == 0)
            finish.yield()
            try await writer
            let after = try await database.withReadConnection { sql in try await Self.count(sql) }
            #expect(after == 1)
        }
    }

    @Test func sqliteReadConnectionsRefuseWrites() async throws {
        try await TransactionTests.withNotes { database in
            guard database.engine == .sqlite else { return }
            await #expect(throws: (any Error).self) {
                try await database.withReadConnection { sql in try await TransactionTests.insert("x", into: sql) }
            }
            let count = try await database.withReadConnection { sql in try await Self.count(sql) }
            #expect(count == 0)
        }
    }
}
