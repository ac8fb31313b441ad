import Foundation
import Logging
import Storage

/// Queues webhook events: for each hook that hears about a document, the event's body is
/// written to the delivery queue in the database before ``announce(_:document:relatedSigner:)``
/// returns, then the ``WebhookDeliverer`` is woken to send it. An event is thus as durable as
/// the change it announces, and is delivered even if the server stops right after.
///
/// ```swift
/// let deliverer = WebhookDeliverer(database: database, secrets: secrets, policy: .standard, logger: logger)
/// let outbox = WebhookOutbox(database: database, renderer: renderer, deliverer: deliverer, logger: logger)
/// await outbox.announce(.documentCompleted, document: document)
/// ```
struct WebhookOutbox: Sendable {
    /// Where events go.
    private let destination: Destination

    /// The parts a working outbox writes to.
    private struct Destination: Sendable {
        let hooks: WebhookStore
        let queue: WebhookDeliveryQueue
        let renderer: DocumentRenderer
        let deliverer: WebhookDeliverer
        let logger: Logger
    }

    /// An outbox that queues events in `database` for `deliverer`, with documents rendered
    /// by `renderer`.
    init(database: Database, renderer: DocumentRenderer, deliverer: WebhookDeliverer, logger: Logger) {
        destination = Destination(
            hooks: WebhookStore(database: database), queue: WebhookDeliveryQueue(database: database),
            renderer: renderer, deliverer: deliverer, logger: logger
        )
    }

    /// Queues `type` for every hook of the document's owner that hears about it: those that
    /// name no API application, and those that name the document's. Never throws: a failure
    /// is logged, and the change the event announces stands.
    ///
    /// - Parameter relatedSigner: The recipient the event is about (viewed, signed, declined),
    ///   sent as `event.related_signer`.
    func announce(_ type: WebhookEventType, document: SigningDocument, relatedSigner: DocumentRecipient? = nil) async {
        do {
            let hooks = try await destination.hooks.hooks(hearing: document.ownerID, apiApplicationID: document.apiApplicationID)
            guard !hooks.isEmpty else { return }
            let now = destination.deliverer.clock.now
            let payload = WebhookPayload(
                type: type, time: Int(now.timeIntervalSince1970), document: destination.renderer.render(document), relatedSigner: relatedSigner
            )
            let deliveries = try hooks.map { hook in
                WebhookDelivery(
                    id: UUID().uuidString.lowercased(), hookID: hook.id, eventType: type.rawValue, body: try payload.body(forHook: hook.id),
                    attempts: 0, nextAttemptAt: now, deliveredAt: nil, createdAt: now
                )
            }
            try await destination.queue.enqueue(deliveries)
            destination.deliverer.wake()
        } catch {
            destination.logger.error(
                "webhook event could not be queued",
                metadata: ["event": "\(type.rawValue)", "document": "\(document.id)", "error": "\(error)"]
            )
        }
    }
}
