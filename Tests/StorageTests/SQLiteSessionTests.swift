import ChanceryTestSupport
import Foundation
import NIOCore
import NIOPosix
import SQLKit
import Testing

@testable import Storage

/// The server's own SQLite connection: statements are compiled once and run again, values
/// come back as they went in, and a statement that failed or finished leaves nothing behind.
@Suite struct SQLiteSessionTests {
    /// Runs `body` with a connection to a fresh file, closed afterwards.
    static func withSession(_ body: (SQLiteSession, String) async throws -> Void) async throws {
        try await TemporaryDirectory.with { directory in
            let path = "\(directory)/session.sqlite"
            let threadPool = NIOThreadPool(numberOfThreads: 1)
            threadPool.start()
            let session = try await SQLiteSession.open(
                path: path, threadPool: threadPool, logger: TestDatabase.logger, on: MultiThreadedEventLoopGroup.singleton.next()
            ).get()
            do {
                try await body(session, path)
            } catch {
                try? await session.close().get()
                try? await threadPool.shutdownGracefully()
                throw error
            }
            try await session.close().get()
            try await threadPool.shutdownGracefully()
        }
    }

    @Test func aStatementRunAgainIsNotCompiledAgain() async throws {
        try await Self.withSession { sql, _ in
            try await sql.raw("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT)").run()
            try await sql.insert(into: "t").columns("id", "name").values(SQLBind(1), SQLBind("one")).run()
            let kept = sql.keptStatementCount
            for id in 2...5 { try await sql.insert(into: "t").columns("id", "name").values(SQLBind(id), SQLBind("n\(id)")).run() }
            #expect(sql.keptStatementCount == kept)
            let names = try await sql.select().column("name").from("t").orderBy("id").all(decodingColumn: "name", as: String.self)
            #expect(names == ["one", "n2", "n3", "n4", "n5"])
            #expect(sql.keptStatementCount == kept + 1)
        }
    }

    @Test func valuesComeBackAsTheyWentIn() async throws {
        try await Self.withSession { sql, _ in
            try await sql.raw("CREATE TABLE v (i INTEGER, f REAL, t TEXT, b BLOB, e BLOB NOT NULL, n TEXT)").run()
            let text = "naïve 😀 \"quoted\" 'single'"
            try await sql.insert(into: "v").columns("i", "f", "t", "b", "e", "n")
                .values(SQLBind(Int.max), SQLBind(-2.5), SQLBind(text), SQLBind(Data([0, 1, 255])), SQLBind(Data()), SQLBind(String?.none)).run()
            let row = try #require(try await sql.raw("SELECT i, f, t, b, e, n, typeof(e) AS e_type, length(e) AS e_length FROM v").first())
            #expect(try row.decode(column: "i", as: Int.self) == .max)
            #expect(try row.decode(column: "f", as: Double.self) == -2.5)
            #expect(try row.decode(column: "t", as: String.self) == text)
            #expect(try row.decode(column: "b", as: Data.self) == Data([0, 1, 255]))
            // An empty blob is a blob, not NULL.
            #expect(try row.decode(column: "e_type", as: String.self) == "blob")
            #expect(try row.decode(column: "e_length", as: Int.self) == 0)
            #expect(try row.decodeNil(column: "n"))
            #expect(try !row.decodeNil(column: "t"))
            #expect(row.allColumns == ["i", "f", "t", "b", "e", "n", "e_type", "e_length"])
            #expect(throws: DecodingError.self) { try row.decode(column: "missing", as: Int.self) }
        }
    }

    @Test func aStatementThatFailedRunsAgainWithOtherValues() async throws {
        try await Self.withSession { sql, _ in
            try await sql.raw("CREATE TABLE u (id TEXT PRIMARY KEY)").run()
            try await sql.insert(into: "u").columns("id").values(SQLBind("a")).run()
            do {
                try await sql.insert(into: "u").columns("id").values(SQLBind("a")).run()
                Issue.record("a second row of the same key was stored")
            } catch let failure as SQLiteFailure {
                #expect(failure.status == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
                #expect(failure.message.contains("UNIQUE constraint failed: u.id"))
            }
            try await sql.insert(into: "u").columns("id").values(SQLBind("b")).run()
            let ids = try await sql.select().column("id").from("u").orderBy("id").all(decodingColumn: "id", as: String.self)
            #expect(ids == ["a", "b"])
            await #expect(throws: SQLiteFailure.self) { try await sql.raw("SELECT * FROM nowhere").run() }
        }
    }

    @Test func aColumnAddedAfterAStatementWasKeptIsRead() async throws {
        try await Self.withSession { sql, _ in
            try await sql.raw("CREATE TABLE c (a INTEGER)").run()
            try await sql.raw("INSERT INTO c (a) VALUES (1)").run()
            #expect(try await sql.raw("SELECT * FROM c").first()?.allColumns == ["a"])
            try await sql.raw("ALTER TABLE c ADD COLUMN b TEXT DEFAULT 'x'").run()
            let row = try #require(try await sql.raw("SELECT * FROM c").first())
            #expect(row.allColumns == ["a", "b"])
            #expect(try row.decode(column: "b", as: String.self) == "x")
        }
    }

    @Test func pastItsCapacityTheCacheMakesRoomAndEveryStatementAnswers() async throws {
        try await Self.withSession { sql, _ in
            for number in 0..<(SQLiteStatementCache.capacity + 20) {
                let answer = try await sql.raw("SELECT \(unsafeRaw: String(number)) AS n").first(decodingColumn: "n", as: Int.self)
                #expect(answer == number)
            }
            #expect(sql.keptStatementCount == SQLiteStatementCache.capacity)
        }
    }

    /// A query that returned rows keeps no read transaction open: a checkpoint that must wait
    /// for every reader completes.
    @Test func aFinishedQueryHoldsNoSnapshot() async throws {
        try await Self.withSession { writer, path in
            try await writer.raw("PRAGMA journal_mode = WAL").run()
            try await writer.raw("CREATE TABLE r (id INTEGER)").run()
            for id in 0..<50 { try await writer.raw("INSERT INTO r (id) VALUES (\(bind: id))").run() }
            let threadPool = NIOThreadPool(numberOfThreads: 1)
            threadPool.start()
            let reader = try await SQLiteSession.open(path: path, threadPool: threadPool, logger: TestDatabase.logger, on: writer.eventLoop).get()
            let first = try await reader.raw("SELECT id FROM r ORDER BY id").first(decodingColumn: "id", as: Int.self)
            #expect(first == 0)
            try await writer.raw("INSERT INTO r (id) VALUES (50)").run()
            let checkpoint = try #require(try await writer.raw("PRAGMA wal_checkpoint(TRUNCATE)").first())
            #expect(try checkpoint.decode(column: "busy", as: Int.self) == 0)
            try await reader.close().get()
            try await threadPool.shutdownGracefully()
        }
    }

    @Test func aClosedConnectionRefusesQueries() async throws {
        try await Self.withSession { sql, _ in
            try await sql.close().get()
            #expect(sql.isClosed)
            await #expect(throws: SQLiteFailure.self) { try await sql.raw("SELECT 1").run() }
        }
    }
}
