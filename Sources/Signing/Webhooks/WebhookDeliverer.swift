import AsyncHTTPClient
import Foundation
import Logging
import NIOCore
import SQLKit
import ServiceLifecycle
import Storage

/// The background service that delivers queued webhook events (see ``WebhookOutbox``).
///
/// It is an ``OutboxWorker`` over the delivery queue (``WebhookDeliveryQueue``): it claims due
/// deliveries, up to ``WebhookDeliveryPolicy/concurrentDeliveries`` at a time, and POSTs each
/// one (see ``WebhookSender``). A 2xx answer marks a delivery delivered; anything else records
/// the status and the error and schedules the next attempt after the policy's backoff, until
/// its retry period is over and it is abandoned. A delivery whose hook was deleted is removed.
///
/// It looks at the queue on start, when ``wake()`` is called, when the next retry is due, and
/// every ``WebhookDeliveryPolicy/pollInterval``. On graceful shutdown it takes no new
/// deliveries and lets the attempts under way finish (each is bounded by
/// ``WebhookDeliveryPolicy/requestTimeout``); what is left stays queued for the next start.
///
/// Run one value in a `ServiceGroup`; copies share its wakeups, so run only one of them.
public struct WebhookDeliverer: Service {
    private let worker: OutboxWorker<WebhookDeliveryQueue.Job>

    /// Creates the service over the queue in `database`, whose retries are timed by `clock`.
    init(
        database: Database, secrets: WebhookSecrets, policy: WebhookDeliveryPolicy, clock: OutboxClock = .system,
        eventLoopGroup: any EventLoopGroup = HTTPClient.defaultEventLoopGroup, logger: Logger
    ) {
        let sender = WebhookSender(
            check: CallbackURLCheck(addressGuard: policy.addressGuard), timeout: policy.requestTimeout, eventLoopGroup: eventLoopGroup)
        worker = OutboxWorker(
            outbox: WebhookDeliveryQueue(database: database).outbox, policy: policy.outbox, clock: clock, subject: "webhook", logger: logger,
            describe: { job in ["delivery": "\(job.id)", "hook": "\(job.payload.hookID)", "event": "\(job.payload.eventType)"] }
        ) { job in
            guard let callbackURL = job.payload.callbackURL else { return .drop }
            let outcome = await sender.send(
                body: job.payload.body, to: callbackURL, deliveryID: job.id, secret: secrets.secret(ofHook: job.payload.hookID), at: clock.now
            )
            switch outcome {
            case .accepted(let status): return .done(setting: ["last_status": SQLBind(status)])
            case .failed(let status, let reason): return .failed(reason: reason, setting: ["last_status": SQLBind(status)])
            }
        }
    }

    /// The time deliveries are scheduled by; the outbox queues events at its dates.
    var clock: OutboxClock { worker.clock }

    /// Tells the service that deliveries were queued, so that it looks at the queue now.
    func wake() {
        worker.wake()
    }

    /// Delivers until graceful shutdown or cancellation.
    public func run() async throws {
        try await worker.run()
    }
}
