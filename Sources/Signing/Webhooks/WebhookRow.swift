import Foundation
import Storage

/// A row of the `signing_hooks` table, its coding keys the column names.
struct WebhookRow: TableRow, Sendable {
    /// The hook's id.
    let id: String
    /// The user who created it.
    let ownerID: String
    /// Where events are POSTed.
    let callbackURL: String
    /// The API application whose documents alone the hook hears, if any.
    let apiApplicationID: String?
    /// When it was created.
    let createdAt: Date

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id
        case ownerID = "owner_id"
        case callbackURL = "callback_url"
        case apiApplicationID = "api_application_id"
        case createdAt = "created_at"
    }

    /// The hook the row keeps.
    var webhook: Webhook {
        Webhook(id: id, ownerID: ownerID, callbackURL: callbackURL, apiApplicationID: apiApplicationID, createdAt: createdAt)
    }
}
