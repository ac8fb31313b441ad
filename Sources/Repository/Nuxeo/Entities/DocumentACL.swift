import Foundation

/// An ACL of a document as the `acls` enricher writes it: its name (`local`, `inherited`) and
/// its entries with their dates and status.
struct DocumentACL: Encodable, Sendable {
    /// One access control entry.
    struct Entry: Encodable, Sendable {
        /// The entry's id.
        let id: String
        /// The user or group it applies to.
        let username: String
        /// The permission.
        let permission: String
        /// Whether it grants (or denies) the permission.
        let granted: Bool
        /// Who created it; `null` when unknown.
        let creator: String?
        /// When it starts, as a Nuxeo date; `null` when it always applied.
        let begin: String?
        /// When it ends, as a Nuxeo date; `null` when it never does.
        let end: String?
        /// Its status now: `effective`, `pending` or `archived`.
        let status: String

        /// The entry `entry` as it stands at `now`.
        init(_ entry: AccessControlEntry, at now: Date) {
            self.id = entry.id
            self.username = entry.principal
            self.permission = entry.permission
            self.granted = entry.isGranted
            self.creator = entry.creator.isEmpty ? nil : entry.creator
            self.begin = entry.begin.map(NuxeoDate.format)
            self.end = entry.end.map(NuxeoDate.format)
            self.status = entry.status(at: now)
        }

        enum CodingKeys: String, CodingKey {
            case id, username, externalUser, permission, granted, creator, begin, end, status
        }

        /// Writes every field, `null` for an unknown creator and open dates.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(username, forKey: .username)
            try container.encode(false, forKey: .externalUser)
            try container.encode(permission, forKey: .permission)
            try container.encode(granted, forKey: .granted)
            try container.encode(creator, forKey: .creator)
            try container.encode(begin, forKey: .begin)
            try container.encode(end, forKey: .end)
            try container.encode(status, forKey: .status)
        }
    }

    /// The ACL's name.
    let name: String
    /// Its entries.
    let aces: [Entry]
}
