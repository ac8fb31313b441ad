import Foundation
import Hummingbird

/// An edge as the intdash API shows it: `{uuid, name, nickname, description, type, disabled,
/// created_at, updated_at, last_login_at, last_lived_at, owner?: {user_uuid},
/// client_secret?}`.
///
/// One shape serves both the legacy (`/v1/edges…`) and the current (`/auth/edges…`)
/// endpoints. `last_login_at` and `last_lived_at` are always written, `null` before the first
/// sign-in; `owner` only for an owned edge, `client_secret` only in the answer that creates
/// the edge.
public struct IntdashEdgeResource: ResponseEncodable, Sendable {
    /// The person who owns an edge: `{user_uuid}`.
    public struct Owner: Encodable, Sendable {
        /// The owner's user ID.
        public let userUUID: String

        /// The wire names.
        enum CodingKeys: String, CodingKey {
            case userUUID = "user_uuid"
        }
    }

    /// The edge's UUID.
    public let uuid: String
    /// The edge's name.
    public let name: String
    /// The edge's nickname.
    public let nickname: String
    /// The edge's description.
    public let description: String
    /// `device` or `user`.
    public let type: String
    /// Whether the edge may not sign in.
    public let disabled: Bool
    /// When the edge was made, as an ``IntdashTimestamp``.
    public let createdAt: String
    /// When the edge last changed, as an ``IntdashTimestamp``.
    public let updatedAt: String
    /// When the edge last signed in, as an ``IntdashTimestamp``; `nil` (written `null`) before
    /// it first did.
    public let lastLoginAt: String?
    /// When the edge was last seen alive: the last sign-in, as intdash's clients only read it.
    public let lastLivedAt: String?
    /// The person who owns the edge; absent for an edge without an owner.
    public let owner: Owner?
    /// The edge's secret, only in the answer that creates the edge.
    public let clientSecret: String?

    /// The wire names.
    enum CodingKeys: String, CodingKey {
        case uuid, name, nickname, description, type, disabled, owner
        case createdAt = "created_at"
        case updatedAt = "updated_at"
        case lastLoginAt = "last_login_at"
        case lastLivedAt = "last_lived_at"
        case clientSecret = "client_secret"
    }

    /// `edge` as intdash shows it, with `clientSecret` when the answer creates it.
    public init(_ edge: Edge, clientSecret: String? = nil) {
        self.uuid = edge.uuid
        self.name = edge.name
        self.nickname = edge.nickname
        self.description = edge.description
        self.type = edge.type.rawValue
        self.disabled = edge.disabled
        self.createdAt = IntdashTimestamp.string(edge.createdAt)
        self.updatedAt = IntdashTimestamp.string(edge.updatedAt)
        self.lastLoginAt = edge.lastLoginAt.map { IntdashTimestamp.string($0) }
        self.lastLivedAt = edge.lastLoginAt.map { IntdashTimestamp.string($0) }
        self.owner = edge.ownerUserID.map(Owner.init(userUUID:))
        self.clientSecret = clientSecret
    }

    /// Writes `last_login_at` and `last_lived_at` even when they are `null`; `owner` and
    /// `client_secret` only when there are.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uuid, forKey: .uuid)
        try container.encode(name, forKey: .name)
        try container.encode(nickname, forKey: .nickname)
        try container.encode(description, forKey: .description)
        try container.encode(type, forKey: .type)
        try container.encode(disabled, forKey: .disabled)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
        try container.encode(lastLoginAt, forKey: .lastLoginAt)
        try container.encode(lastLivedAt, forKey: .lastLivedAt)
        try container.encodeIfPresent(owner, forKey: .owner)
        try container.encodeIfPresent(clientSecret, forKey: .clientSecret)
    }
}
