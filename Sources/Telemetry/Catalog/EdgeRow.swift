import Foundation
import Storage

/// A `telemetry_edges` row.
struct EdgeRow: TableRow {
    /// The columns.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case uuid, name, nickname, description, type, disabled
        case ownerUserID = "owner_user_id"
        case userID = "user_id"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case lastLoginAt = "last_login_at"
    }

    /// The edge's UUID.
    let uuid: String
    /// The edge's name.
    let name: String
    /// The edge's nickname.
    let nickname: String
    /// The edge's description.
    let description: String
    /// The raw value of the edge's ``EdgeType``.
    let type: String
    /// Whether the edge may not sign in.
    let disabled: Bool
    /// The id of the account user who owns the edge, if any.
    let ownerUserID: String?
    /// The id of the edge's own account user.
    let userID: String
    /// When the edge was made.
    let createdAt: Date
    /// When the edge last changed.
    let updatedAt: Date
    /// When the edge last signed in, if ever.
    let lastLoginAt: Date?

    /// The edge the row holds.
    ///
    /// - Throws: ``CatalogError/invalid(_:)`` for a type this server does not know.
    func edge() throws -> Edge {
        guard let type = EdgeType(rawValue: type) else { throw CatalogError.invalid("stored edge has unknown type \(type)") }
        return Edge(
            uuid: uuid, name: name, nickname: nickname, description: description, type: type, disabled: disabled,
            ownerUserID: ownerUserID, userID: userID, createdAt: createdAt, updatedAt: updatedAt, lastLoginAt: lastLoginAt
        )
    }
}
