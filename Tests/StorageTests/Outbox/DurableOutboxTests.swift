import ChanceryTestSupport
import Foundation
import SQLKit
import Storage
import Testing

/// The queue as several servers share it: claims with leases, no job claimed twice for one
/// attempt, late failures dropped, done jobs left alone.
@Suite struct DurableOutboxTests {
    /// A time the tests count from, whole seconds so that every engine stores it exactly.
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test func aClaimCountsTheAttemptAndHoldsTheJobUntilItsLeaseRunsOut() async throws {
        try await OutboxFixture.with { fixture in
            let id = try await fixture.enqueue("first", at: Self.start)
            #expect(try await fixture.outbox.claimDue(at: Self.start - 1, limit: 10, lease: .seconds(60)).isEmpty, "not due yet")

            let claimed = try await fixture.outbox.claimDue(at: Self.start, limit: 10, lease: .seconds(60))
            #expect(claimed.map(\.id) == [id])
            let job = try #require(claimed.first)
            #expect(job.attempt == 1)
            #expect(job.createdAt == Self.start)
            #expect(job.leaseEnd == Self.start + 60)
            #expect(job.payload == OutboxFixture.Payload(body: "first", ownerName: "Ada"))
            let stored = try #require(try await fixture.row(id))
            #expect(stored.attempts == 1)
            #expect(stored.nextAttemptAt == Self.start + 60)

            #expect(try await fixture.outbox.claimDue(at: Self.start + 59, limit: 10, lease: .seconds(60)).isEmpty, "still held")
            #expect(try await fixture.outbox.nextDueTime() == Self.start + 60)
            // The server holding it is taken for dead once the lease ran out.
            let again = try await fixture.outbox.claimDue(at: Self.start + 60, limit: 10, lease: .seconds(60))
            #expect(again.map(\.id) == [id])
            #expect(again.first?.attempt == 2)
        }
    }

    @Test func claimsTakeTheEarliestDueJobsUpToTheLimit() async throws {
        try await OutboxFixture.with { fixture in
            let late = try await fixture.enqueue(at: Self.start + 2)
            let early = try await fixture.enqueue(at: Self.start)
            try await fixture.enqueue(at: Self.start + 3600)
            let claimed = try await fixture.outbox.claimDue(at: Self.start + 10, limit: 1, lease: .seconds(60))
            #expect(claimed.map(\.id) == [early])
            let next = try await fixture.outbox.claimDue(at: Self.start + 10, limit: 5, lease: .seconds(60))
            #expect(next.map(\.id) == [late], "the job due in an hour is left")
        }
    }

    @Test func twoClaimersTakingTogetherNeverGetTheSameJob() async throws {
        try await OutboxFixture.with { fixture in
            var queued: Set<String> = []
            for _ in 0..<40 { queued.insert(try await fixture.enqueue(at: Self.start)) }
            try await Self.withSecondClaimer(of: fixture) { other in
                async let first = Self.claimUntilEmpty(fixture.outbox)
                async let second = Self.claimUntilEmpty(other)
                let (a, b) = try await (first, second)
                #expect(Set(a).count == a.count && Set(b).count == b.count)
                #expect(Set(a).isDisjoint(with: Set(b)))
                #expect(Set(a).union(b) == queued)
            }
            for id in queued {
                #expect(try await fixture.row(id)?.attempts == 1, "each job was claimed once")
            }
        }
    }

    /// Runs `body` with a second claimer of `fixture`'s table: on PostgreSQL over a second
    /// `Database` of its own connections, on SQLite over the same database.
    static func withSecondClaimer(
        of fixture: OutboxFixture, _ body: (DurableOutbox<OutboxFixture.Payload>) async throws -> Void
    ) async throws {
        guard let url = TestDatabase.postgresURL else { return try await body(OutboxFixture(database: fixture.database).outbox) }
        let schema = try await fixture.database.withConnection { sql in
            try await sql.raw("SELECT current_schema() AS name").first(decodingColumn: "name", as: String.self)
        }
        let other = try await Database.open(
            .postgres(url: url), postgresSearchPath: [try #require(schema)], maxPostgresConnections: 2, logger: TestDatabase.logger)
        do {
            try await body(OutboxFixture(database: other).outbox)
        } catch {
            try? await other.close()
            throw error
        }
        try await other.close()
    }

    /// Claims in batches of 3 until nothing is due, and returns the ids claimed.
    static func claimUntilEmpty(_ outbox: DurableOutbox<OutboxFixture.Payload>) async throws -> [String] {
        var claimed: [String] = []
        while true {
            let batch = try await outbox.claimDue(at: start, limit: 3, lease: .seconds(60))
            if batch.isEmpty { return claimed }
            claimed += batch.map(\.id)
        }
    }

    @Test func aFailureRecordedAfterTheJobWasClaimedAgainIsDropped() async throws {
        try await OutboxFixture.with { fixture in
            let id = try await fixture.enqueue(at: Self.start)
            let first = try #require(try await fixture.outbox.claimDue(at: Self.start, limit: 1, lease: .seconds(10)).first)
            // The first server's attempt outlives its lease; a second server claims the job.
            let second = try #require(try await fixture.outbox.claimDue(at: Self.start + 10, limit: 1, lease: .seconds(60)).first)
            #expect((first.attempt, second.attempt) == (1, 2))

            try await fixture.outbox.recordFailure(
                id, attempt: 1, error: "late", nextAttemptAt: Self.start + 11, setting: ["last_code": SQLBind(500)])
            let untouched = try #require(try await fixture.row(id))
            #expect(untouched.lastError == nil)
            #expect(untouched.lastCode == nil)
            #expect(untouched.nextAttemptAt == Self.start + 70, "the second claim's lease stands")

            try await fixture.outbox.recordFailure(id, attempt: 2, error: "refused", nextAttemptAt: nil, setting: ["last_code": SQLBind(550)])
            let abandoned = try #require(try await fixture.row(id))
            #expect(abandoned.lastError == "refused")
            #expect(abandoned.lastCode == 550)
            #expect(abandoned.nextAttemptAt == nil)
            #expect(try await fixture.outbox.claimDue(at: Self.start + 86400, limit: 1, lease: .seconds(60)).isEmpty, "given up")
            #expect(try await fixture.outbox.nextDueTime() == nil)
        }
    }

    @Test func aDoneJobIsNotClaimedAgain() async throws {
        try await OutboxFixture.with { fixture in
            let id = try await fixture.enqueue(at: Self.start)
            let first = try #require(try await fixture.outbox.claimDue(at: Self.start, limit: 1, lease: .seconds(10)).first)
            try await fixture.outbox.recordFailure(id, attempt: first.attempt, error: "busy", nextAttemptAt: Self.start + 20)
            #expect(try await fixture.row(id)?.lastError == "busy")

            let second = try #require(try await fixture.outbox.claimDue(at: Self.start + 20, limit: 1, lease: .seconds(10)).first)
            try await fixture.outbox.markDone(id, at: Self.start + 21, setting: ["last_code": SQLBind(250)])
            let done = try #require(try await fixture.row(id))
            #expect(done == OutboxFixture.Row(id: id, attempts: 2, nextAttemptAt: nil, finishedAt: Self.start + 21, lastError: nil, lastCode: 250))

            #expect(try await fixture.outbox.claimDue(at: Self.start + 86400, limit: 1, lease: .seconds(10)).isEmpty)
            #expect(try await fixture.outbox.nextDueTime() == nil)
            // A failure the same attempt records late does not bring a done job back.
            try await fixture.outbox.recordFailure(id, attempt: second.attempt, error: "late", nextAttemptAt: Self.start + 30)
            #expect(try await fixture.row(id) == done)
        }
    }

    @Test func aRemovedJobIsGone() async throws {
        try await OutboxFixture.with { fixture in
            let removed = try await fixture.enqueue(at: Self.start)
            let kept = try await fixture.enqueue(at: Self.start + 5)
            try await fixture.outbox.remove(removed)
            #expect(try await fixture.row(removed) == nil)
            #expect(try await fixture.outbox.nextDueTime() == Self.start + 5)
            #expect(try await fixture.outbox.claimDue(at: Self.start + 5, limit: 5, lease: .seconds(10)).map(\.id) == [kept])
        }
    }
}
