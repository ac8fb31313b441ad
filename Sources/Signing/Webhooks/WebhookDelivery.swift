import Foundation

/// One event on its way to one hook: the exact body that is POSTed, and how its attempts went.
///
/// A delivery is pending while it has a ``nextAttemptAt`` and no ``deliveredAt``; it is
/// delivered once a callback answered 2xx, and abandoned when its retries ran out (neither
/// time is set then, and ``lastStatus`` and ``lastError`` tell why).
struct WebhookDelivery: Sendable, Equatable {
    /// The delivery's id (a lowercase UUID), sent as `Webhook-Id`: the same on every attempt,
    /// so that a receiver can recognize a retry of something it already processed.
    let id: String
    /// The hook it goes to.
    let hookID: String
    /// The event's type, such as `document_completed`.
    let eventType: String
    /// The JSON body, byte for byte as it is sent on every attempt.
    let body: String
    /// How many attempts were started.
    var attempts: Int
    /// When the next attempt is due; `nil` once delivered or abandoned.
    var nextAttemptAt: Date?
    /// The HTTP status of the last attempt, if the callback answered.
    var lastStatus: Int?
    /// Why the last attempt failed.
    var lastError: String?
    /// When the callback accepted it.
    var deliveredAt: Date?
    /// When the event was queued.
    let createdAt: Date

    /// Where a delivery stands.
    enum State: Sendable, Equatable {
        /// Waiting for its first or next attempt.
        case pending
        /// Accepted by the callback.
        case delivered
        /// Given up after its retries ran out.
        case abandoned
    }

    /// Where the delivery stands.
    var state: State {
        if deliveredAt != nil { return .delivered }
        return nextAttemptAt == nil ? .abandoned : .pending
    }
}
