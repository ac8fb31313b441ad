/// What a webhook call reports: an event and the document it happened to.
///
/// The body of a call is `{"event": {"type", "time", "hash", "related_signer"}, "data":
/// {"object": document}}`. Check it before trusting it, with the `Webhook-Signature` header
/// (``SignWellWebhook/verifySignature(body:header:secret:tolerance:now:)``) or, from
/// SignWell itself, with the event's hash:
///
/// ```swift
/// let event = try SignWellJSON.decoder().decode(WebhookEvent.self, from: body)
/// try SignWellWebhook.verify(event, webhookID: hookID, tolerance: 300)
/// if event.type == .documentCompleted { … event.document.id … }
/// ```
public struct WebhookEvent: Codable, Hashable, Sendable {
    /// The recipient an event is about, such as the one who signed.
    public struct Signer: Codable, Hashable, Sendable {
        /// The recipient's e-mail address.
        public var email: String?
        /// The recipient's name.
        public var name: String?

        /// Describes a recipient.
        public init(email: String?, name: String?) {
            self.email = email
            self.name = name
        }
    }

    /// What happened.
    public var type: WebhookEventType
    /// When it happened, in seconds since 1970.
    public var time: Int
    /// SignWell's hash of ``type`` and ``time``, keyed by the webhook's id.
    public var hash: String
    /// The recipient the event is about, for signing, viewing and declining events.
    public var relatedSigner: Signer?
    /// The document, as it is after the event.
    public var document: Document

    /// Describes an event.
    public init(type: WebhookEventType, time: Int, hash: String, relatedSigner: Signer? = nil, document: Document) {
        self.type = type
        self.time = time
        self.hash = hash
        self.relatedSigner = relatedSigner
        self.document = document
    }

    private enum CodingKeys: String, CodingKey {
        case event, data
    }

    private enum EventKeys: String, CodingKey {
        case type, time, hash
        case relatedSigner = "related_signer"
    }

    private enum DataKeys: String, CodingKey {
        case object
    }

    /// Decodes `{"event": {…}, "data": {"object": document}}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let event = try container.nestedContainer(keyedBy: EventKeys.self, forKey: .event)
        type = try event.decode(WebhookEventType.self, forKey: .type)
        time = try event.decode(Int.self, forKey: .time)
        hash = try event.decode(String.self, forKey: .hash)
        relatedSigner = try event.decodeIfPresent(Signer.self, forKey: .relatedSigner)
        document = try container.nestedContainer(keyedBy: DataKeys.self, forKey: .data).decode(Document.self, forKey: .object)
    }

    /// Encodes the event as a webhook call's body.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        var event = container.nestedContainer(keyedBy: EventKeys.self, forKey: .event)
        try event.encode(type, forKey: .type)
        try event.encode(time, forKey: .time)
        try event.encode(hash, forKey: .hash)
        try event.encodeIfPresent(relatedSigner, forKey: .relatedSigner)
        var data = container.nestedContainer(keyedBy: DataKeys.self, forKey: .data)
        try data.encode(document, forKey: .object)
    }
}
