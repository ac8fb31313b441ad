import Foundation

/// A person or service account that can sign in.
public struct User: Sendable, Hashable, Codable {
    /// The stable identifier (a UUID).
    public let id: String
    /// The login name, unique in the instance.
    public let name: String
    /// The names of the groups the user belongs to, sorted.
    public let groups: [String]
    /// When the user was created.
    public let createdAt: Date
    /// When an administrator disabled the user, or `nil` while they may sign in. A disabled
    /// user's passwords, keys and tokens are refused until they are enabled again.
    public let disabledAt: Date?

    /// Creates a user value.
    public init(id: String, name: String, groups: [String], createdAt: Date, disabledAt: Date? = nil) {
        self.id = id
        self.name = name
        self.groups = groups
        self.createdAt = createdAt
        self.disabledAt = disabledAt
    }

    /// Whether the user is disabled.
    public var isDisabled: Bool { disabledAt != nil }
}
