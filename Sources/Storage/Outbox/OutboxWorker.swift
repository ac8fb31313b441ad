import Foundation
import Logging
import ServiceLifecycle

/// The background service that works through a ``DurableOutbox``: it claims due jobs, up to
/// ``OutboxPolicy/concurrentAttempts`` at a time, hands each to its `attempt` closure, and
/// records the ``OutboxOutcome``: a done job is marked done, a failed one is retried after the
/// policy's backoff until its retry period is over and it is abandoned, one that failed for
/// good is abandoned at once, a dropped one is removed.
///
/// The queue is the truth, not memory: on start the service picks up whatever is due,
/// including jobs queued before a restart or by other servers sharing the database, and it
/// looks again when ``wake()`` is called, when the next retry is due, and every
/// ``OutboxPolicy/pollInterval``. On graceful shutdown it claims nothing more and lets the
/// attempts under way finish and be recorded; what is left stays queued for the next start.
///
/// ```swift
/// let worker = OutboxWorker(outbox: outbox, policy: policy, subject: "mail", logger: logger) { job in
///     do { try await send(job.payload); return .done() } catch { return .failed(reason: "\(error)") }
/// }
/// // Run it in a ServiceGroup; call worker.wake() after queuing a job.
/// ```
///
/// Run one value in a `ServiceGroup`; copies share its wakeups, so run only one of them.
public struct OutboxWorker<Payload: Decodable & Sendable>: Service {
    private let outbox: DurableOutbox<Payload>
    private let policy: OutboxPolicy
    /// The time attempts are scheduled by; users queue jobs at its dates.
    public let clock: OutboxClock
    private let subject: String
    private let logger: Logger
    private let describe: @Sendable (OutboxJob<Payload>) -> Logger.Metadata
    private let attempt: @Sendable (OutboxJob<Payload>) async -> OutboxOutcome
    private let wakeups: AsyncStream<Void>
    private let wakeupContinuation: AsyncStream<Void>.Continuation

    /// Creates the service over `outbox`, whose retries are timed by `clock`.
    ///
    /// - Parameters:
    ///   - subject: What a job is, for the log messages: `"webhook"` logs "webhook delivered",
    ///     "webhook attempt failed; will retry", and so on.
    ///   - describe: The metadata that identifies a job in the log messages; the worker adds
    ///     the attempt's number (`attempt`), and the error and retry time where there are some.
    ///   - attempt: Makes one attempt of a claimed job and tells how it went. It should end
    ///     within the policy's lease, after which the job may be claimed again.
    public init(
        outbox: DurableOutbox<Payload>, policy: OutboxPolicy, clock: OutboxClock = .system, subject: String, logger: Logger,
        describe: @escaping @Sendable (OutboxJob<Payload>) -> Logger.Metadata = { ["job": "\($0.id)"] },
        attempt: @escaping @Sendable (OutboxJob<Payload>) async -> OutboxOutcome
    ) {
        self.outbox = outbox
        self.policy = policy
        self.clock = clock
        self.subject = subject
        self.logger = logger
        self.describe = describe
        self.attempt = attempt
        (wakeups, wakeupContinuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Tells the service that jobs were queued, so that it looks at the queue now.
    public func wake() {
        wakeupContinuation.yield()
    }

    /// Works until graceful shutdown or cancellation.
    public func run() async throws {
        var wakeupIterator = wakeups.makeAsyncIterator()
        await withGracefulShutdownHandler {
            while !Task.isShuttingDownGracefully, !Task.isCancelled {
                let next = await attemptDue()
                guard await nextWakeup(of: &wakeupIterator, at: next) else { break }
            }
        } onGracefulShutdown: {
            wakeupContinuation.finish()
        }
    }

    /// Attempts what is due, batch after batch, until nothing is or shutdown begins.
    ///
    /// - Returns: When to look again.
    private func attemptDue() async -> Date {
        do {
            while !Task.isShuttingDownGracefully, !Task.isCancelled {
                let jobs = try await outbox.claimDue(at: clock.now, limit: max(1, policy.concurrentAttempts), lease: policy.lease)
                if jobs.isEmpty { break }
                await withTaskGroup(of: Void.self) { group in
                    for job in jobs {
                        group.addTask { await attemptAndRecord(job) }
                    }
                }
            }
            let poll = clock.now + policy.pollInterval.timeInterval
            guard let due = try await outbox.nextDueTime() else { return poll }
            return min(poll, due)
        } catch {
            logger.error("\(subject) queue cannot be read", metadata: ["error": "\(error)"])
            return clock.now + policy.pollInterval.timeInterval
        }
    }

    /// Makes one attempt of a claimed job and records how it went.
    private func attemptAndRecord(_ job: OutboxJob<Payload>) async {
        var metadata = describe(job)
        metadata["attempt"] = "\(job.attempt)"
        let outcome = await attempt(job)
        do {
            switch outcome {
            case .done(let assignments):
                try await outbox.markDone(job.id, at: clock.now, setting: assignments)
                logger.debug("\(subject) delivered", metadata: metadata)
            case .failed(let reason, let assignments):
                let nextAttempt = policy.nextAttempt(afterAttempt: job.attempt, failedAt: clock.now, queuedAt: job.createdAt)
                try await outbox.recordFailure(job.id, attempt: job.attempt, error: reason, nextAttemptAt: nextAttempt, setting: assignments)
                metadata["error"] = "\(reason)"
                if let nextAttempt {
                    metadata["retry_at"] = "\(nextAttempt)"
                    logger.info("\(subject) attempt failed; will retry", metadata: metadata)
                } else {
                    logger.warning("\(subject) abandoned: its retries ran out", metadata: metadata)
                }
            case .abandon(let reason, let assignments):
                try await outbox.recordFailure(job.id, attempt: job.attempt, error: reason, nextAttemptAt: nil, setting: assignments)
                metadata["error"] = "\(reason)"
                logger.warning("\(subject) abandoned: its failure is permanent", metadata: metadata)
            case .drop:
                try await outbox.remove(job.id)
            }
        } catch {
            metadata["error"] = "\(error)"
            logger.error("\(subject) outcome cannot be recorded; it is tried again when its claim runs out", metadata: metadata)
        }
    }

    /// Waits for a wakeup, or until `date` on ``clock``.
    ///
    /// - Returns: `false` when no more wakeups will come (shutdown or cancellation).
    private func nextWakeup(of iterator: inout AsyncStream<Void>.Iterator, at date: Date) async -> Bool {
        let timer = Task { [clock, wakeupContinuation] in
            guard (try? await clock.sleep(until: date)) != nil else { return }
            wakeupContinuation.yield()
        }
        defer { timer.cancel() }
        return await iterator.next() != nil
    }
}
