/// A group as directory APIs show it: its label, its member users and the groups it names as
/// members.
public struct GroupDetails: Sendable, Hashable, Codable {
    /// The group's name.
    public let name: String
    /// A human-readable label; the name when none was given.
    public var label: String
    /// The names of the users in the group, sorted.
    public var memberUsers: [String]
    /// The names of the groups listed as members, kept as given (they need not exist).
    public var memberGroups: [String]

    /// Creates a group value.
    public init(name: String, label: String, memberUsers: [String], memberGroups: [String]) {
        self.name = name
        self.label = label
        self.memberUsers = memberUsers
        self.memberGroups = memberGroups
    }
}
