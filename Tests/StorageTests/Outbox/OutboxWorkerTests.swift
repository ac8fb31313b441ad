import ChanceryTestSupport
import Foundation
import SQLKit
import ServiceLifecycle
import Storage
import Synchronization
import Testing

/// The worker over the test outbox: its backoff and give-up time on a clock the tests move,
/// how it records outcomes, its wakeups, and its graceful shutdown.
@Suite struct OutboxWorkerTests {
    /// Retries after 10 s, doubling up to 40 s, for 140 s; one attempt at a time.
    static let policy = OutboxPolicy(
        firstRetryDelay: .seconds(10), maximumRetryDelay: .seconds(40), retryPeriod: .seconds(140), concurrentAttempts: 1,
        lease: .seconds(60), pollInterval: .seconds(3600)
    )

    /// A worker over `fixture`'s outbox on `clock`, whose attempts `attempt` makes.
    static func worker(
        _ fixture: OutboxFixture, clock: OutboxClock, policy: OutboxPolicy = policy,
        attempt: @escaping @Sendable (OutboxJob<OutboxFixture.Payload>) async -> OutboxOutcome
    ) -> OutboxWorker<OutboxFixture.Payload> {
        OutboxWorker(outbox: fixture.outbox, policy: policy, clock: clock, subject: "test job", logger: TestDatabase.logger, attempt: attempt)
    }

    @Test func aFailingJobIsRetriedWithDoublingWaitsUntilItsRetryPeriodIsOver() async throws {
        try await OutboxFixture.with { fixture in
            let manual = ManualClock()
            let clock = OutboxClock(manual, startingAt: DurableOutboxTests.start)
            let (attempts, attempted) = AsyncStream.makeStream(of: (attempt: Int, at: Date).self)
            let worker = Self.worker(fixture, clock: clock) { job in
                attempted.yield((job.attempt, clock.now))
                return .failed(reason: "refused \(job.attempt)", setting: ["last_code": SQLBind(500 + job.attempt)])
            }
            // Queued before the worker starts, so that its first look at the queue makes the attempt.
            let id = try await fixture.enqueue(at: clock.now)
            let times = try await OutboxFixture.running(worker) { _ in
                var times: [TimeInterval] = []
                for await (number, time) in attempts {
                    #expect(number == times.count + 1)
                    times.append(time.timeIntervalSince(DurableOutboxTests.start))
                    // The worker sleeps once it has recorded the failure.
                    await manual.waitForSleepers(count: 1)
                    guard let next = try await fixture.row(id)?.nextAttemptAt else { break }
                    manual.advance(by: .seconds(next.timeIntervalSince(clock.now)))
                }
                return times
            }
            // 10, 20, 40 and 40 s apart; the next, 40 s after 110 s, would fall after the 140 s period.
            #expect(times == [0, 10, 30, 70, 110])
            let row = try #require(try await fixture.row(id))
            #expect(row == OutboxFixture.Row(id: id, attempts: 5, nextAttemptAt: nil, finishedAt: nil, lastError: "refused 5", lastCode: 505))
        }
    }

    @Test func aJobAbandonedByItsAttemptIsNotRetried() async throws {
        try await OutboxFixture.with { fixture in
            let manual = ManualClock()
            let clock = OutboxClock(manual, startingAt: DurableOutboxTests.start)
            let attempts = Mutex(0)
            let worker = Self.worker(fixture, clock: clock) { job in
                attempts.withLock { $0 += 1 }
                return .abandon(reason: "refused for good", setting: ["last_code": SQLBind(550)])
            }
            // Queued before the worker starts, so that its first look at the queue makes the attempt.
            let id = try await fixture.enqueue(at: clock.now)
            try await OutboxFixture.running(worker) { _ in
                // The worker sleeps once it has recorded the outcome; later, nothing is due.
                await manual.waitForSleepers(count: 1)
                manual.advance(by: Self.policy.retryPeriod)
                await manual.waitForSleepers(count: 1)
            }
            #expect(attempts.withLock { $0 } == 1)
            let row = try #require(try await fixture.row(id))
            #expect(
                row == OutboxFixture.Row(id: id, attempts: 1, nextAttemptAt: nil, finishedAt: nil, lastError: "refused for good", lastCode: 550))
        }
    }

    @Test func outcomesAreRecordedAndAWakeupStartsAnAttemptAtOnce() async throws {
        try await OutboxFixture.with { fixture in
            let manual = ManualClock()
            let clock = OutboxClock(manual, startingAt: DurableOutboxTests.start)
            let (attempts, attempted) = AsyncStream.makeStream(of: String.self)
            let worker = Self.worker(fixture, clock: clock) { job in
                attempted.yield(job.payload.body)
                return job.payload.body == "send" ? .done(setting: ["last_code": SQLBind(250)]) : .drop
            }
            try await OutboxFixture.running(worker) { _ in
                // The first look found nothing: the worker sleeps until its next poll.
                await manual.waitForSleepers(count: 1)
                let sent = try await fixture.enqueue("send", at: clock.now)
                let dropped = try await fixture.enqueue("drop", at: clock.now + 1)
                worker.wake()
                var iterator = attempts.makeAsyncIterator()
                #expect(await iterator.next() == "send")
                await manual.waitForSleepers(count: 1)
                #expect(
                    try await fixture.row(sent)
                        == OutboxFixture.Row(id: sent, attempts: 1, nextAttemptAt: nil, finishedAt: clock.now, lastError: nil, lastCode: 250))
                // The second job is due a second later: the worker sleeps until then.
                manual.advance(by: .seconds(1))
                #expect(await iterator.next() == "drop")
                await manual.waitForSleepers(count: 1)
                #expect(try await fixture.row(dropped) == nil)
            }
        }
    }

    @Test func gracefulShutdownLetsAnAttemptUnderWayFinishAndClaimsNothingMore() async throws {
        try await OutboxFixture.with { fixture in
            let manual = ManualClock()
            let clock = OutboxClock(manual, startingAt: DurableOutboxTests.start)
            let (started, start) = AsyncStream.makeStream(of: String.self)
            let cancelled = Mutex<Bool?>(nil)
            let worker = Self.worker(fixture, clock: clock) { job in
                start.yield(job.id)
                // Under way until the shutdown began.
                try? await gracefulShutdown()
                cancelled.withLock { $0 = Task.isCancelled }
                return .done()
            }
            let first = try await fixture.enqueue("first", at: clock.now)
            let second = try await fixture.enqueue("second", at: clock.now + 0.5)
            manual.advance(by: .seconds(1))
            try await OutboxFixture.running(worker) { group in
                var iterator = started.makeAsyncIterator()
                #expect(await iterator.next() == first, "one attempt at a time, the earliest first")
                await group.triggerGracefulShutdown()
            }
            // running() returned once the worker stopped: the attempt ended uncancelled and was recorded.
            #expect(cancelled.withLock { $0 } == false)
            #expect(try await fixture.row(first)?.finishedAt == clock.now)
            let left = try #require(try await fixture.row(second))
            #expect(left.attempts == 0, "nothing is claimed once the shutdown began")
            #expect(left.nextAttemptAt != nil)
        }
    }
}
