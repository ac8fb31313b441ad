import Foundation
import Storage
import Testing

@testable import Signing

/// The delivery queue as several instances share it: no attempt claimed twice, and a failure
/// recorded by a server whose claim ran out does not undo a newer claim.
@Suite struct WebhookDeliveryQueueTests {
    static func delivery(hookID: String, dueAt due: Date) -> WebhookDelivery {
        WebhookDelivery(
            id: UUID().uuidString.lowercased(), hookID: hookID, eventType: "document_completed", body: "{}", attempts: 0,
            nextAttemptAt: due, lastStatus: nil, lastError: nil, deliveredAt: nil, createdAt: due
        )
    }

    @Test func twoServersClaimingTogetherNeverClaimTheSameAttempt() async throws {
        try await WebhookFixture.with { fixture in
            let hook = try await fixture.addHook(callbackURL: "http://127.0.0.1:9/hook")
            let queued = (0..<40).map { _ in Self.delivery(hookID: hook.id, dueAt: Date(timeIntervalSinceNow: -5)) }
            try await fixture.queue.enqueue(queued)
            let other = WebhookDeliveryQueue(database: fixture.database)
            async let first = fixture.queue.outbox.claimDue(at: Date(), limit: 25, lease: .seconds(60))
            async let second = other.outbox.claimDue(at: Date(), limit: 25, lease: .seconds(60))
            let (a, b) = try await (first, second)
            let claimedByA = Set(a.map(\.id))
            let claimedByB = Set(b.map(\.id))
            #expect(claimedByA.isDisjoint(with: claimedByB))
            #expect(claimedByA.union(claimedByB).isSubset(of: Set(queued.map(\.id))))
            #expect(a.allSatisfy { $0.attempt == 1 && $0.payload.callbackURL == hook.callbackURL })
            if fixture.database.engine == .postgres {
                // Each skips what the other holds, so between them they take everything due.
                #expect(claimedByA.count + claimedByB.count == 40)
            }
            // What they claimed stays claimed until the lease ends; the rest is still due.
            let rest = Set(try await other.outbox.claimDue(at: Date(), limit: 100, lease: .seconds(60)).map(\.id))
            #expect(rest.isDisjoint(with: claimedByA.union(claimedByB)))
            #expect(rest.union(claimedByA).union(claimedByB) == Set(queued.map(\.id)))
        }
    }

    @Test func aFailureRecordedAfterTheDeliveryWasClaimedAgainIsDropped() async throws {
        try await WebhookFixture.with { fixture in
            let hook = try await fixture.addHook(callbackURL: "http://127.0.0.1:9/hook")
            let queued = Self.delivery(hookID: hook.id, dueAt: Date(timeIntervalSinceNow: -5))
            try await fixture.queue.enqueue([queued])
            // A lease that has run out at once: the first server's attempt outlives it.
            let firstClaim = try #require(try await fixture.queue.outbox.claimDue(at: Date(), limit: 1, lease: .seconds(-1)).first)
            let secondClaim = try #require(try await fixture.queue.outbox.claimDue(at: Date(), limit: 1, lease: .seconds(3600)).first)
            #expect((firstClaim.attempt, secondClaim.attempt) == (1, 2))
            try await fixture.queue.outbox.recordFailure(queued.id, attempt: 1, error: "late", nextAttemptAt: Date(timeIntervalSinceNow: -1))
            let stored = try #require(try await fixture.queue.deliveries(forHook: hook.id).first)
            #expect(stored.lastError == nil)
            #expect(try await fixture.queue.outbox.claimDue(at: Date(), limit: 1, lease: .seconds(60)).isEmpty, "still held by the second claim")
            try await fixture.queue.outbox.recordFailure(queued.id, attempt: 2, error: "refused", nextAttemptAt: nil)
            #expect(try await fixture.queue.deliveries(forHook: hook.id).first?.lastError == "refused")
        }
    }
}
