import JSON

/// A directory entry as Nuxeo's `directoryEntry` entity. Its `properties` are the fields of
/// its directory's schema.
struct DirectoryEntryEntity: Encodable, Sendable {
    /// The directory's name.
    let directoryName: String
    /// The entry's id.
    let id: String
    /// Every field of the directory's schema, `null` when unset.
    let properties: [String: JSONValue]

    enum CodingKeys: String, CodingKey {
        case entityType = "entity-type"
        case directoryName, id, properties
    }

    /// The entity of `entry`.
    init(_ entry: DirectoryEntry) {
        self.directoryName = entry.directory
        self.id = entry.id
        self.properties = entry.properties
    }

    /// Writes the entity type, then every field.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("directoryEntry", forKey: .entityType)
        try container.encode(directoryName, forKey: .directoryName)
        try container.encode(id, forKey: .id)
        try container.encode(properties, forKey: .properties)
    }
}
