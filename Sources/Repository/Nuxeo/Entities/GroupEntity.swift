import Accounts

/// A group as Nuxeo's `group` entity.
struct GroupEntity: Encodable, Sendable {
    /// The group's name.
    let id: String
    /// The group's name again, as Nuxeo writes it.
    let groupname: String
    /// Its label.
    let grouplabel: String
    /// The users in it.
    let memberUsers: [String]
    /// The groups in it.
    let memberGroups: [String]

    enum CodingKeys: String, CodingKey {
        case entityType = "entity-type"
        case id, groupname, grouplabel, memberUsers, memberGroups
    }

    /// The entity of `group`.
    init(_ group: GroupDetails) {
        self.id = group.name
        self.groupname = group.name
        self.grouplabel = group.label
        self.memberUsers = group.memberUsers
        self.memberGroups = group.memberGroups
    }

    /// Writes the entity type, then every field.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("group", forKey: .entityType)
        try container.encode(id, forKey: .id)
        try container.encode(groupname, forKey: .groupname)
        try container.encode(grouplabel, forKey: .grouplabel)
        try container.encode(memberUsers, forKey: .memberUsers)
        try container.encode(memberGroups, forKey: .memberGroups)
    }
}
