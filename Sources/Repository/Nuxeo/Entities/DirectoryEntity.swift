/// A directory as Nuxeo's `directory` entity.
struct DirectoryEntity: Encodable, Sendable {
    /// The directory's name.
    let name: String
    /// Its schema's name.
    let schema: String
    /// The field that holds an entry's id.
    let idField: String
    /// The directory its entries' `parent` refers to; `null` for a flat directory.
    let parent: String?

    enum CodingKeys: String, CodingKey {
        case entityType = "entity-type"
        case name, schema, idField, readOnly, parent
    }

    /// The entity of `directory`.
    init(_ directory: DirectoryDefinition) {
        self.name = directory.name
        self.schema = directory.schema.name
        self.idField = directory.idField
        self.parent = directory.parent
    }

    /// Writes every field: `readOnly` is always false, `parent` `null` when there is none.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("directory", forKey: .entityType)
        try container.encode(name, forKey: .name)
        try container.encode(schema, forKey: .schema)
        try container.encode(idField, forKey: .idField)
        try container.encode(false, forKey: .readOnly)
        try container.encode(parent, forKey: .parent)
    }
}
