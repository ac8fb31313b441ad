import Foundation

/// The members every SignWell answer about a bulk send carries: `id`, `name`, `created_at`,
/// `user_id` (the owner), `status` (`Completed` once every document is, `Sent` before) and
/// `api_application_id` when it has one.
struct BulkSendSummary: Encodable, Sendable {
    /// The bulk send's id.
    let id: String
    /// Its name.
    let name: String
    /// When it was made.
    let createdAt: String
    /// Its owner.
    let userID: String
    /// `Completed` or `Sent`.
    let status: String
    /// The API application it was made for.
    let apiApplicationID: String?

    enum CodingKeys: String, CodingKey {
        case id, name, status
        case createdAt = "created_at"
        case userID = "user_id"
        case apiApplicationID = "api_application_id"
    }

    /// `bulkSend`, whose documents `counts` counts.
    init(_ bulkSend: BulkSend, counts: BulkSendStore.Counts) {
        id = bulkSend.id
        name = bulkSend.name
        createdAt = DocumentRenderer.timestamp(bulkSend.createdAt)
        userID = bulkSend.ownerID
        status = counts.documents > 0 && counts.completed == counts.documents ? "Completed" : "Sent"
        apiApplicationID = bulkSend.apiApplicationID
    }
}
