import Foundation

/// A device (or a person's own endpoint) that sends or receives telemetry: intdash's *edge*.
///
/// Every device edge has an account user of its own, named after its UUID, through which it
/// authenticates (API keys, OAuth2 client credentials); see ``EdgeStore``.
public struct Edge: Sendable, Hashable {
    /// The edge's identifier, a lowercase UUID; also its account user's name and its OAuth2
    /// client id.
    public let uuid: String
    /// The unique name, chosen at creation.
    public var name: String
    /// The name shown to people.
    public var nickname: String
    /// Free text.
    public var description: String
    /// A device, or the edge of a person.
    public let type: EdgeType
    /// Whether the edge is switched off.
    public var disabled: Bool
    /// The id of the account user who owns the edge, if any.
    public var ownerUserID: String?
    /// The id of the edge's own account user.
    public let userID: String
    /// When the edge was created.
    public let createdAt: Date
    /// When the edge was last changed.
    public var updatedAt: Date
    /// When the edge last connected, if ever.
    public var lastLoginAt: Date?

    /// Creates an edge value.
    public init(
        uuid: String, name: String, nickname: String, description: String, type: EdgeType, disabled: Bool,
        ownerUserID: String?, userID: String, createdAt: Date, updatedAt: Date, lastLoginAt: Date?
    ) {
        self.uuid = uuid
        self.name = name
        self.nickname = nickname
        self.description = description
        self.type = type
        self.disabled = disabled
        self.ownerUserID = ownerUserID
        self.userID = userID
        self.createdAt = createdAt
        self.updatedAt = updatedAt
        self.lastLoginAt = lastLoginAt
    }
}
