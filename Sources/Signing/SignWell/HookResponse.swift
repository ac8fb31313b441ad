import HTTPSupport
import Hummingbird

/// A hook as SignWell's `WebhookResponse`: `{id, callback_url, api_application_id?}`, and right
/// after it is made, Chancery's `secret`, the key of its deliveries' `Webhook-Signature`.
struct HookResponse: ResponseEncodable, Sendable {
    /// The hook's id.
    let id: String
    /// Where its deliveries go.
    let callbackURL: String
    /// The API application it was made for.
    let apiApplicationID: String?
    /// Its signing secret, shown only when it is made.
    let secret: String?

    enum CodingKeys: String, CodingKey {
        case id, secret
        case callbackURL = "callback_url"
        case apiApplicationID = "api_application_id"
    }

    /// `hook`, with `secret` if it is to be shown.
    init(_ hook: Webhook, secret: String? = nil) {
        id = hook.id
        callbackURL = hook.callbackURL
        apiApplicationID = hook.apiApplicationID
        self.secret = secret
    }
}
