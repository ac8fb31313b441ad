import Accounts

/// A user as Nuxeo's `user` entity: the profile as `properties` (the password always empty),
/// and the groups.
struct UserEntity: Encodable, Sendable {
    /// The user's profile fields.
    struct Properties: Encodable, Sendable {
        /// The user name.
        let username: String
        /// The first name.
        let firstName: String
        /// The last name.
        let lastName: String
        /// The email address.
        let email: String
        /// The company.
        let company: String
        /// Never the password: always empty.
        let password: String
        /// The groups the user belongs to.
        let groups: [String]
    }

    /// A group the user belongs to, with its link.
    struct ExtendedGroup: Encodable, Sendable {
        /// The group's name.
        let name: String
        /// Its label.
        let label: String
        /// Its URL, relative to the API.
        let url: String
    }

    /// The user name.
    let id: String
    /// The profile.
    let properties: Properties
    /// The groups, with their links.
    let extendedGroups: [ExtendedGroup]
    /// Whether the user is an administrator.
    let isAdministrator: Bool
    /// Whether the user is anonymous: never.
    let isAnonymous: Bool

    enum CodingKeys: String, CodingKey {
        case entityType = "entity-type"
        case id, properties, extendedGroups, isAdministrator, isAnonymous
    }

    /// The entity of `user`, whose profile is `profile`.
    init(_ user: User, profile: UserProfile) {
        self.id = user.name
        self.properties = Properties(
            username: user.name, firstName: profile.firstName, lastName: profile.lastName, email: profile.email, company: profile.company,
            password: "", groups: user.groups)
        self.extendedGroups = user.groups.map { ExtendedGroup(name: $0, label: $0, url: "group/\($0)") }
        self.isAdministrator = user.groups.contains(Group.administrators)
        self.isAnonymous = false
    }

    /// Writes the entity type, then every field.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("user", forKey: .entityType)
        try container.encode(id, forKey: .id)
        try container.encode(properties, forKey: .properties)
        try container.encode(extendedGroups, forKey: .extendedGroups)
        try container.encode(isAdministrator, forKey: .isAdministrator)
        try container.encode(isAnonymous, forKey: .isAnonymous)
    }
}
