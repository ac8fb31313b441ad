/// The caller as the automation `login` call describes them: Nuxeo's `login` entity.
struct LoginEntity: Encodable, Sendable {
    /// The user name.
    let username: String
    /// Whether the user is an administrator.
    let isAdministrator: Bool
    /// The user's groups, sorted.
    let groups: [String]

    enum CodingKeys: String, CodingKey {
        case entityType = "entity-type"
        case username, isAdministrator, groups
    }

    /// Writes the entity type, then every field.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("login", forKey: .entityType)
        try container.encode(username, forKey: .username)
        try container.encode(isAdministrator, forKey: .isAdministrator)
        try container.encode(groups, forKey: .groups)
    }
}
