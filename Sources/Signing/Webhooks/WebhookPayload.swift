import Foundation

/// The JSON body of a webhook delivery, in SignWell's shape:
///
/// ```json
/// {"event": {"type": "document_completed", "time": 1735689600, "hash": "<hex>",
///            "related_signer": {"email": "…", "name": "…"}},
///  "data": {"object": <the document as GET /documents/{id} returns it>}}
/// ```
///
/// `time` is an integer, so that every SDK rebuilds the same `"<type>@<time>"` for the hash;
/// `related_signer` is there for the events about one recipient (viewed, signed, declined).
struct WebhookPayload: Sendable {
    /// The body as it is written.
    struct Body: Encodable, Sendable {
        /// What happened.
        let event: Event
        /// What it happened to.
        let data: Subject
    }

    /// The `event` member.
    struct Event: Encodable, Sendable {
        /// The event type.
        let type: String
        /// When, in Unix seconds.
        let time: Int
        /// The hash the hook's id keys, over `"<type>@<time>"`.
        let hash: String
        /// The recipient the event is about.
        let relatedSigner: Signer?

        enum CodingKeys: String, CodingKey {
            case type, time, hash
            case relatedSigner = "related_signer"
        }
    }

    /// The recipient an event is about.
    struct Signer: Encodable, Sendable {
        /// Their email address.
        let email: String
        /// Their name.
        let name: String
    }

    /// The `data` member.
    struct Subject: Encodable, Sendable {
        /// The document.
        let object: DocumentResponse
    }

    /// What happened.
    let type: WebhookEventType
    /// When, in Unix seconds.
    let time: Int
    /// The document as the API renders it.
    let document: DocumentResponse
    /// The recipient the event is about.
    let relatedSigner: DocumentRecipient?

    /// The body for hook `hookID`, whose id keys `event.hash`.
    func body(forHook hookID: String) throws -> String {
        let event = Event(
            type: type.rawValue, time: time, hash: WebhookSignature.eventHash(hookID: hookID, type: type.rawValue, time: time),
            relatedSigner: relatedSigner.map { Signer(email: $0.email, name: $0.name) }
        )
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(Body(event: event, data: Subject(object: document))), as: UTF8.self)
    }
}
