/// A group and the names of its members, as listed for operators.
public struct GroupMembers: Sendable, Hashable, Codable {
    /// The group's name.
    public let name: String
    /// The names of the users in the group, sorted.
    public let members: [String]
}
