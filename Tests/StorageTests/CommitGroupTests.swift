import ChanceryTestSupport
import Foundation
import SQLKit
import Testing

@testable import Storage

/// Group commit on SQLite: transactions that wait for the writer while another runs share one
/// commit, each keeps its own all-or-nothing, and none returns before its changes are durable.
@Suite struct CommitGroupTests {
    struct Failure: Error {}

    /// How many transactions queue behind the first one in each test.
    static let queued = 20

    /// Runs ``queued`` transactions on `database` while a first one (which inserts `firstID`)
    /// holds the writer, and lets the first one finish only when all the others wait for the
    /// writer, so that they all run as one group. Returns each member's outcome (index 0 is the
    /// first transaction).
    static func runGrouped(
        on database: Database, group: CommitGroup, firstID: String = "first",
        member: @escaping @Sendable (Int, any SQLDatabase) async throws -> Void
    ) async -> [Result<Void, any Error>] {
        let (started, didStart) = AsyncStream.makeStream(of: Void.self)
        let (release, finish) = AsyncStream.makeStream(of: Void.self)
        return await withTaskGroup(of: (Int, Result<Void, any Error>).self) { tasks in
            tasks.addTask {
                do {
                    try await database.withTransaction { sql in
                        didStart.yield()
                        for await _ in release { break }
                        try await TransactionTests.insert(firstID, into: sql)
                    }
                    return (0, .success(()))
                } catch {
                    return (0, .failure(error))
                }
            }
            for await _ in started { break }
            for number in 1...queued {
                tasks.addTask {
                    do {
                        try await database.withTransaction { sql in try await member(number, sql) }
                        return (number, .success(()))
                    } catch {
                        return (number, .failure(error))
                    }
                }
            }
            // Every member is queued behind the first before it may finish (bounded: the
            // members have nothing to wait for but a thread).
            for _ in 0..<1_000_000 where group.waitingCount < queued { await Task.yield() }
            #expect(group.waitingCount == queued)
            finish.yield()
            var outcomes = [Result<Void, any Error>](repeating: .success(()), count: queued + 1)
            for await (number, outcome) in tasks { outcomes[number] = outcome }
            return outcomes
        }
    }

    static func ids(_ database: Database) async throws -> Set<String> {
        try await database.withReadConnection { sql in
            Set(try await sql.select().column("id").from("notes").all(decodingColumn: "id", as: String.self))
        }
    }

    @Test func transactionsWaitingTogetherShareOneCommit() async throws {
        try await TransactionTests.withNotes { database in
            guard let group = database.commitGroup else { return }  // SQLite only
            let before = group.commitCount
            let outcomes = await Self.runGrouped(
                on: database, group: group,
                member: { number, sql in
                    try await TransactionTests.insert("m\(number)", into: sql)
                }
            )
            for outcome in outcomes { try outcome.get() }
            #expect(group.commitCount - before == 1)
            let expected = Set(["first"] + (1...Self.queued).map { "m\($0)" })
            #expect(try await Self.ids(database) == expected)
        }
    }

    /// Under load the next group is split in halves: of the 21 callers that waited at once in
    /// the first group, the next transaction takes 11 and the one after it the other 10.
    @Test func afterAGroupOfManyCallersTheNextTakesHalfOfThem() async throws {
        try await TransactionTests.withNotes { database in
            guard let group = database.commitGroup else { return }
            let first = await Self.runGrouped(on: database, group: group) { number, sql in
                try await TransactionTests.insert("a\(number)", into: sql)
            }
            for outcome in first { try outcome.get() }
            let before = group.commitCount
            let second = await Self.runGrouped(on: database, group: group, firstID: "second") { number, sql in
                try await TransactionTests.insert("b\(number)", into: sql)
            }
            for outcome in second { try outcome.get() }
            #expect(group.commitCount - before == 2)
            let ids = try await Self.ids(database)
            #expect(ids.isSuperset(of: (1...Self.queued).map { "b\($0)" }))
        }
    }

    /// A member is answered only once the writer is given back: a caller that closes the
    /// database as soon as it has its answer (as the CLI does after a failed command) leaves no
    /// connection leased when the pools shut down.
    @Test func theDatabaseClosesAsSoonAsAMemberIsAnswered() async throws {
        try await TemporaryDirectory.with { directory in
            for round in 0..<10 {
                let database = try await Database.open(.sqlite(path: "\(directory)/\(round).sqlite"), logger: TestDatabase.logger)
                let group = try #require(database.commitGroup)
                await #expect(throws: Failure.self) {
                    try await database.withTransaction { _ in throw Failure() }
                }
                #expect(!group.holdsWriter)
                try await database.withTransaction { sql in try await sql.raw("CREATE TABLE t (id INTEGER)").run() }
                #expect(!group.holdsWriter)
                try await database.close()
            }
        }
    }

    /// Closing lets a transaction that holds the writer commit, and refuses later ones with an
    /// error instead of leaving them waiting for a writer that is gone.
    @Test func closingCommitsWhatRunsAndRefusesLaterTransactions() async throws {
        try await TemporaryDirectory.with { directory in
            let path = "\(directory)/closing.sqlite"
            let database = try await Database.open(.sqlite(path: path), logger: TestDatabase.logger)
            let group = try #require(database.commitGroup)
            try await database.withTransaction { sql in try await sql.raw("CREATE TABLE t (id INTEGER)").run() }
            let (started, didStart) = AsyncStream.makeStream(of: Void.self)
            let (release, finish) = AsyncStream.makeStream(of: Void.self)
            async let held: Void = database.withTransaction { sql in
                didStart.yield()
                for await _ in release { break }
                try await sql.raw("INSERT INTO t (id) VALUES (1)").run()
            }
            for await _ in started { break }
            async let closed: Void = database.close()
            // Bounded: closing has nothing to wait for but a thread.
            for _ in 0..<1_000_000 where !group.isClosed { await Task.yield() }
            #expect(group.isClosed)
            await #expect(throws: StorageError.databaseClosed) {
                try await database.withTransaction { sql in try await sql.raw("INSERT INTO t (id) VALUES (2)").run() }
            }
            finish.yield()
            try await held
            try await closed
            let reopened = try await Database.open(.sqlite(path: path), logger: TestDatabase.logger)
            let ids = try await reopened.withReadConnection { sql in
                try await sql.raw("SELECT id FROM t").all(decodingColumn: "id", as: Int.self)
            }
            try await reopened.close()
            #expect(ids == [1])
        }
    }

    @Test func aMemberThatThrowsLeavesNothingAndTheOthersCommit() async throws {
        try await TransactionTests.withNotes { database in
            guard let group = database.commitGroup else { return }
            let outcomes = await Self.runGrouped(
                on: database, group: group,
                member: { number, sql in
                    try await TransactionTests.insert("m\(number)", into: sql)
                    // One member fails after writing, another on a constraint of the table.
                    if number == 5 { throw Failure() }
                    if number == 9 { try await TransactionTests.insert("first", into: sql) }
                }
            )
            #expect(throws: Failure.self) { try outcomes[5].get() }
            #expect(throws: (any Error).self) { try outcomes[9].get() }
            for (number, outcome) in outcomes.enumerated() where number != 5 && number != 9 { try outcome.get() }
            let expected = Set(["first"] + (1...Self.queued).filter { $0 != 5 && $0 != 9 }.map { "m\($0)" })
            #expect(try await Self.ids(database) == expected)
        }
    }

    @Test func aTransactionReturnsOnlyWhenOthersCanReadItsChanges() async throws {
        try await TransactionTests.withNotes { database in
            guard let group = database.commitGroup else { return }
            let seen = await withTaskGroup(of: Bool.self) { tasks in
                for number in 0..<32 {
                    tasks.addTask {
                        do {
                            try await database.withTransaction { sql in try await TransactionTests.insert("n\(number)", into: sql) }
                            // A read-only connection sees only committed data.
                            return try await Self.ids(database).contains("n\(number)")
                        } catch {
                            return false
                        }
                    }
                }
                return await tasks.reduce(into: [Bool]()) { $0.append($1) }
            }
            #expect(seen == Array(repeating: true, count: 32))
            #expect(group.waitingCount == 0)
        }
    }

    @Test func aBrokenTransactionFailsEveryMemberWaitingForIt() async throws {
        try await TransactionTests.withNotes { database in
            guard let group = database.commitGroup else { return }
            let outcomes = await Self.runGrouped(
                on: database, group: group,
                member: { number, sql in
                    try await TransactionTests.insert("m\(number)", into: sql)
                    // A member ends the shared transaction under everyone's feet.
                    if number == Self.queued / 2 { try await sql.raw("ROLLBACK").run() }
                }
            )
            // The members that ran before it in the same transaction were not answered yet, so
            // nothing answered is lost: each member succeeded exactly when its change is there.
            let committed = try await Self.ids(database)
            #expect(throws: (any Error).self) { try outcomes[0].get() }
            #expect(throws: (any Error).self) { try outcomes[Self.queued / 2].get() }
            for number in 1...Self.queued {
                let succeeded = (try? outcomes[number].get()) != nil
                #expect(succeeded == committed.contains("m\(number)"), "member \(number)")
            }
            #expect(!committed.contains("first"))
            // The writer is usable afterwards.
            try await database.withTransaction { sql in try await TransactionTests.insert("after", into: sql) }
            #expect(try await Self.ids(database).contains("after"))
        }
    }
}
