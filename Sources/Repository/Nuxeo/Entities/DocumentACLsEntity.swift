/// A document's ACLs as the `@acl` adapter writes them: Nuxeo's `acls` entity, with the local
/// ACL, then the inherited one.
struct DocumentACLsEntity: Encodable, Sendable {
    /// One ACL and its entries.
    struct ACL: Encodable, Sendable {
        /// An entry of the ACL.
        struct Entry: Encodable, Sendable {
            /// The user or group it applies to.
            let username: String
            /// The permission.
            let permission: String
            /// Whether it grants (or denies) the permission.
            let granted: Bool
        }

        /// `local` or `inherited`.
        let name: String
        /// The entries.
        let ace: [Entry]

        /// The ACL `name` of `entries`.
        init(name: String, _ entries: [AccessControlEntry]) {
            self.name = name
            self.ace = entries.map { Entry(username: $0.principal, permission: $0.permission, granted: $0.isGranted) }
        }
    }

    /// The local and inherited ACLs.
    let acl: [ACL]

    enum CodingKeys: String, CodingKey {
        case entityType = "entity-type"
        case acl
    }

    /// Writes the entity type and the ACLs.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("acls", forKey: .entityType)
        try container.encode(acl, forKey: .acl)
    }
}
