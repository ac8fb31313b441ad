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

    /// Creates a user value.
    public init(id: String, name: String, groups: [String], createdAt: Date) {
        self.id = id
        self.name = name
        self.groups = groups
        self.createdAt = createdAt
    }
}
