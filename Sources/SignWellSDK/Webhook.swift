/// A URL the server calls when something happens to a document (see ``WebhookEvent``).
public struct Webhook: Codable, Hashable, Sendable {
    /// The webhook's identifier; also the key of SignWell's event hash
    /// (``SignWellWebhook/verify(eventType:time:hash:webhookID:tolerance:now:)``).
    public var id: String
    /// The URL called.
    public var callbackURL: String
    /// The API application whose documents it reports.
    public var apiApplicationID: String?
    /// The key of the `Webhook-Signature` header
    /// (``SignWellWebhook/verifySignature(body:header:secret:tolerance:now:)``): given once,
    /// in the answer to ``SignWellClient/createWebhook(callbackURL:apiApplicationID:)``. Keep it.
    public var secret: String?

    /// Describes a webhook.
    public init(id: String, callbackURL: String, apiApplicationID: String? = nil, secret: String? = nil) {
        self.id = id
        self.callbackURL = callbackURL
        self.apiApplicationID = apiApplicationID
        self.secret = secret
    }

    private enum CodingKeys: String, CodingKey {
        case id, secret
        case callbackURL = "callback_url"
        case apiApplicationID = "api_application_id"
    }
}
