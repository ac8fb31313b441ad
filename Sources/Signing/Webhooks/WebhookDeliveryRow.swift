import Foundation
import Storage

/// A row of the `signing_webhook_deliveries` table, its coding keys the column names.
struct WebhookDeliveryRow: TableRow, Sendable {
    /// The delivery's id.
    let id: String
    /// The hook it goes to.
    let hookID: String
    /// The event's type.
    let eventType: String
    /// The JSON body, byte for byte as it is sent.
    let body: String
    /// How many attempts were started.
    let attempts: Int
    /// When the next attempt is due.
    let nextAttemptAt: Date?
    /// The HTTP status of the last attempt.
    let lastStatus: Int?
    /// Why the last attempt failed.
    let lastError: String?
    /// When the callback accepted it.
    let deliveredAt: Date?
    /// When the event was queued.
    let createdAt: Date

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, body, attempts
        case hookID = "hook_id"
        case eventType = "event_type"
        case nextAttemptAt = "next_attempt_at"
        case lastStatus = "last_status"
        case lastError = "last_error"
        case deliveredAt = "delivered_at"
        case createdAt = "created_at"
    }

    /// The delivery the row keeps.
    var delivery: WebhookDelivery {
        WebhookDelivery(
            id: id, hookID: hookID, eventType: eventType, body: body, attempts: attempts, nextAttemptAt: nextAttemptAt, lastStatus: lastStatus,
            lastError: lastError, deliveredAt: deliveredAt, createdAt: createdAt
        )
    }
}
