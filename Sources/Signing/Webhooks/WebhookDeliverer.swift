import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import ServiceLifecycle
import Storage

/// The background service that delivers queued webhook events (see ``WebhookOutbox``).
///
/// It claims due deliveries from the queue in the database, up to
/// ``WebhookDeliveryPolicy/concurrentDeliveries`` at a time, and POSTs each one (see
/// ``WebhookSender``). A 2xx answer marks a delivery delivered; anything else records the
/// status and the error and schedules the next attempt after the policy's backoff, until its
/// retry period is over and it is abandoned.
///
/// The queue is the truth, not memory: on start the service picks up whatever is due,
/// including deliveries queued before a restart or by other servers sharing the database, and
/// it looks again when ``wake()`` is called, when the next retry is due, and every
/// ``WebhookDeliveryPolicy/pollInterval``. On graceful shutdown it takes no new deliveries and
/// lets the attempts under way finish (each is bounded by
/// ``WebhookDeliveryPolicy/requestTimeout``); what is left stays queued for the next start.
///
/// Run one value in a `ServiceGroup`; copies share its wakeups, so run only one of them.
public struct WebhookDeliverer: Service {
    private let queue: WebhookDeliveryQueue
    private let secrets: WebhookSecrets
    private let policy: WebhookDeliveryPolicy
    private let sender: WebhookSender
    private let logger: Logger
    /// The time deliveries are scheduled by; the outbox queues events at its dates.
    let clock: WebhookClock
    private let wakeups: AsyncStream<Void>
    private let wakeupContinuation: AsyncStream<Void>.Continuation

    /// Creates the service over the queue in `database`, whose retries are timed by `clock`.
    init(
        database: Database, secrets: WebhookSecrets, policy: WebhookDeliveryPolicy, clock: WebhookClock = .system,
        eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup, logger: Logger
    ) {
        self.queue = WebhookDeliveryQueue(database: database)
        self.secrets = secrets
        self.policy = policy
        self.sender = WebhookSender(
            check: CallbackURLCheck(addressGuard: policy.addressGuard), timeout: policy.requestTimeout, eventLoopGroup: eventLoopGroup)
        self.logger = logger
        self.clock = clock
        (wakeups, wakeupContinuation) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Tells the service that deliveries were queued, so that it looks at the queue now.
    func wake() {
        wakeupContinuation.yield()
    }

    /// Delivers until graceful shutdown or cancellation.
    public func run() async throws {
        var wakeupIterator = wakeups.makeAsyncIterator()
        await withGracefulShutdownHandler {
            while !Task.isShuttingDownGracefully, !Task.isCancelled {
                let next = await deliverDue()
                guard await nextWakeup(of: &wakeupIterator, at: next) else { break }
            }
        } onGracefulShutdown: {
            wakeupContinuation.finish()
        }
    }

    /// Delivers what is due, batch after batch, until nothing is or shutdown begins.
    ///
    /// - Returns: When to look again.
    private func deliverDue() async -> Date {
        do {
            while !Task.isShuttingDownGracefully, !Task.isCancelled {
                let jobs = try await queue.claimDue(at: clock.now, limit: max(1, policy.concurrentDeliveries), lease: policy.lease.timeInterval)
                if jobs.isEmpty { break }
                await withTaskGroup(of: Void.self) { group in
                    for job in jobs {
                        group.addTask { await attempt(job) }
                    }
                }
            }
            let poll = clock.now + policy.pollInterval.timeInterval
            guard let due = try await queue.nextDueTime() else { return poll }
            return min(poll, due)
        } catch {
            logger.error("webhook queue cannot be read", metadata: ["error": "\(error)"])
            return clock.now + policy.pollInterval.timeInterval
        }
    }

    /// Makes one attempt of a claimed delivery and records how it went.
    private func attempt(_ job: WebhookDeliveryQueue.Job) async {
        let delivery = job.delivery
        var metadata: Logger.Metadata = [
            "delivery": "\(delivery.id)", "hook": "\(delivery.hookID)", "event": "\(delivery.eventType)", "attempt": "\(delivery.attempts)",
        ]
        do {
            guard let callbackURL = job.callbackURL else {
                try await queue.remove(delivery.id)
                return
            }
            let outcome = await sender.send(
                body: delivery.body, to: callbackURL, deliveryID: delivery.id, secret: secrets.secret(ofHook: delivery.hookID), at: clock.now
            )
            switch outcome {
            case .accepted(let status):
                try await queue.markDelivered(delivery.id, status: status, at: clock.now)
                logger.debug("webhook delivered", metadata: metadata)
            case .failed(let status, let reason):
                let retryAt = clock.now + policy.retryDelay(afterAttempt: delivery.attempts).timeInterval
                let giveUpAt = delivery.createdAt + policy.retryPeriod.timeInterval
                let nextAttempt = retryAt <= giveUpAt ? retryAt : nil
                try await queue.recordFailure(delivery.id, attempt: delivery.attempts, status: status, error: reason, nextAttemptAt: nextAttempt)
                metadata["error"] = "\(reason)"
                if let nextAttempt {
                    metadata["retry_at"] = "\(nextAttempt)"
                    logger.info("webhook attempt failed; will retry", metadata: metadata)
                } else {
                    logger.warning("webhook abandoned: its retries ran out", metadata: metadata)
                }
            }
        } catch {
            metadata["error"] = "\(error)"
            logger.error("webhook delivery cannot be recorded; it is tried again when its claim runs out", metadata: metadata)
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
