import Foundation

/// What Chancery remembers of an API key. The key itself is shown once, when created, and
/// only its SHA-256 hash is stored.
public struct APIKey: Sendable, Hashable, Codable {
    /// The key's identifier, used to revoke it.
    public let id: String
    /// The name of the user the key acts for.
    public let userName: String
    /// The operator's label, such as the name of the app that uses the key.
    public let label: String
    /// When the key was created.
    public let createdAt: Date
    /// When the key was revoked, or `nil` while it is valid.
    public let revokedAt: Date?

    /// Creates an API key description.
    public init(id: String, userName: String, label: String, createdAt: Date, revokedAt: Date?) {
        self.id = id
        self.userName = userName
        self.label = label
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }
}

/// A newly created API key, the only moment its secret is known.
public struct CreatedAPIKey: Sendable {
    /// The stored description of the key.
    public let key: APIKey
    /// The secret to give to the client. It cannot be recovered later.
    public let secret: String
}
