import JSON

/// An audit entry as Nuxeo's `logEntry` entity. Its `extended` information depends on the
/// event.
struct LogEntryEntity: Encodable, Sendable {
    /// The entry's id.
    let id: Int
    /// The event's category.
    let category: String
    /// Who caused the event.
    let principalName: String
    /// The entry's comment; `null` when it has none.
    let comment: String?
    /// The document's lifecycle state then; `null` when it had none.
    let docLifeCycle: String?
    /// The document's path then.
    let docPath: String
    /// The document's type.
    let docType: String
    /// The document's id.
    let docUUID: String
    /// The event's id.
    let eventId: String
    /// The repository's name.
    let repositoryId: String
    /// When the event happened, as a Nuxeo date.
    let eventDate: String
    /// When it was logged, as a Nuxeo date.
    let logDate: String
    /// The event's extended information.
    let extended: [String: JSONValue]

    enum CodingKeys: String, CodingKey {
        case entityType = "entity-type"
        case id, category, principalName, comment, docLifeCycle, docPath, docType, docUUID, eventId, repositoryId, eventDate, logDate
        case extended
    }

    /// The entity of `entry`.
    init(_ entry: AuditEntry) {
        self.id = Int(entry.id)
        self.category = entry.event.category
        self.principalName = entry.principalName
        self.comment = entry.event.comment
        self.docLifeCycle = entry.documentLifeCycle
        self.docPath = entry.documentPath
        self.docType = entry.documentType
        self.docUUID = entry.documentID
        self.eventId = entry.event.id
        self.repositoryId = entry.repositoryID
        self.eventDate = NuxeoDate.format(entry.eventDate)
        self.logDate = NuxeoDate.format(entry.logDate)
        self.extended = entry.event.extended
    }

    /// Writes every field, `null` for a missing comment or lifecycle state.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("logEntry", forKey: .entityType)
        try container.encode(id, forKey: .id)
        try container.encode(category, forKey: .category)
        try container.encode(principalName, forKey: .principalName)
        try container.encode(comment, forKey: .comment)
        try container.encode(docLifeCycle, forKey: .docLifeCycle)
        try container.encode(docPath, forKey: .docPath)
        try container.encode(docType, forKey: .docType)
        try container.encode(docUUID, forKey: .docUUID)
        try container.encode(eventId, forKey: .eventId)
        try container.encode(repositoryId, forKey: .repositoryId)
        try container.encode(eventDate, forKey: .eventDate)
        try container.encode(logDate, forKey: .logDate)
        try container.encode(extended, forKey: .extended)
    }
}
