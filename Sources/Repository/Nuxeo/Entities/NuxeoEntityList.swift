/// A Nuxeo list entity (`documents`, `logEntries`, `comments`, `tasks`, …): its entries, and
/// the pagination fields beside them when the list is a page.
struct NuxeoEntityList<Entry: Encodable & Sendable>: Encodable, Sendable {
    /// The list's `entity-type`.
    let entityType: String
    /// The listed entities.
    let entries: [Entry]
    /// The page the entries are, for a paginated list.
    let pagination: NuxeoPagination?

    /// A list of `entries`, paginated when `pagination` is given.
    init(_ entityType: String, entries: [Entry], pagination: NuxeoPagination? = nil) {
        self.entityType = entityType
        self.entries = entries
        self.pagination = pagination
    }

    enum CodingKeys: String, CodingKey {
        case entityType = "entity-type"
        case entries
    }

    /// Writes the entity type and entries, and the pagination fields in the same object.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entityType, forKey: .entityType)
        try container.encode(entries, forKey: .entries)
        try pagination?.encode(to: encoder)
    }
}
