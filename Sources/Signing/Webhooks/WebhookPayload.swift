import Foundation
import JSON

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
    /// What happened.
    let type: WebhookEventType
    /// When, in Unix seconds.
    let time: Int
    /// The document as the API renders it.
    let document: JSONValue
    /// The recipient the event is about.
    let relatedSigner: DocumentRecipient?

    /// The body for hook `hookID`, whose id keys `event.hash`.
    func body(forHook hookID: String) throws -> String {
        var event: [String: JSONValue] = [
            "type": .string(type.rawValue),
            "time": .integer(time),
            "hash": .string(WebhookSignature.eventHash(hookID: hookID, type: type.rawValue, time: time)),
        ]
        if let relatedSigner {
            event["related_signer"] = .object(["email": .string(relatedSigner.email), "name": .string(relatedSigner.name)])
        }
        let payload: JSONValue = .object(["event": .object(event), "data": .object(["object": document])])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(payload), as: UTF8.self)
    }
}
