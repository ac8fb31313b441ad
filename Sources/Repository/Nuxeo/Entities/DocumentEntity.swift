import JSON

/// A document as Nuxeo's `document` entity (spec §1.6). Its `properties` are those of the
/// schemas the client asked for, whose fields the schemas define at run time.
struct DocumentEntity: Encodable, Sendable {
    /// A schema of the document, as `schemas` lists it.
    struct SchemaReference: Encodable, Sendable {
        /// The schema's name.
        let name: String
        /// Its property prefix.
        let prefix: String
    }

    /// Who locked the document, and when, for the `lock` fetch.
    struct Lock: Sendable {
        /// The lock owner.
        let owner: String
        /// When the lock was taken, as a Nuxeo date, if known.
        let created: String?
    }

    /// The document's id.
    let uid: String
    /// Its path.
    let path: String
    /// Its document type.
    let type: String
    /// Its lifecycle state, if its type has a lifecycle.
    let state: String?
    /// The parent's id, or the live document's for a version.
    let parentRef: String
    /// Whether the document is editable (not checked in).
    let isCheckedOut: Bool
    /// Whether it is a version.
    let isVersion: Bool
    /// Its change token.
    let changeToken: String
    /// Whether it is in the trash.
    let isTrashed: Bool
    /// Its title.
    let title: String
    /// Its facets.
    let facets: [String]
    /// Its schemas.
    let schemas: [SchemaReference]
    /// Its `dc:modified`, when set.
    let lastModified: String?
    /// Its version label, when fetched or for a version.
    let versionLabel: String?
    /// Its lock, when fetched and locked.
    let lock: Lock?
    /// The values of the shown schemas' fields, when any schema is shown.
    let properties: [String: JSONValue]?
    /// What the enrichers add, when the client asked for any.
    let contextParameters: DocumentContextParameters?

    enum CodingKeys: String, CodingKey {
        case entityType = "entity-type"
        case repository, uid, path, type, state, parentRef, isCheckedOut, isRecord, retainUntil, hasLegalHold, isUnderRetentionOrLegalHold
        case isVersion, isProxy, changeToken, isTrashed, title, facets, schemas, lastModified, versionLabel, lockOwner, lockCreated
        case properties, contextParameters
    }

    /// Writes the fields every document has (`state` and `retainUntil` as `null` when unset),
    /// then the optional ones that are set; `lockCreated` is `null` for a lock of unknown date.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("document", forKey: .entityType)
        try container.encode(Repository.name, forKey: .repository)
        try container.encode(uid, forKey: .uid)
        try container.encode(path, forKey: .path)
        try container.encode(type, forKey: .type)
        try container.encode(state, forKey: .state)
        try container.encode(parentRef, forKey: .parentRef)
        try container.encode(isCheckedOut, forKey: .isCheckedOut)
        try container.encode(false, forKey: .isRecord)
        try container.encodeNil(forKey: .retainUntil)
        try container.encode(false, forKey: .hasLegalHold)
        try container.encode(false, forKey: .isUnderRetentionOrLegalHold)
        try container.encode(isVersion, forKey: .isVersion)
        try container.encode(false, forKey: .isProxy)
        try container.encode(changeToken, forKey: .changeToken)
        try container.encode(isTrashed, forKey: .isTrashed)
        try container.encode(title, forKey: .title)
        try container.encode(facets, forKey: .facets)
        try container.encode(schemas, forKey: .schemas)
        try container.encodeIfPresent(lastModified, forKey: .lastModified)
        try container.encodeIfPresent(versionLabel, forKey: .versionLabel)
        if let lock {
            try container.encode(lock.owner, forKey: .lockOwner)
            try container.encode(lock.created, forKey: .lockCreated)
        }
        try container.encodeIfPresent(properties, forKey: .properties)
        try container.encodeIfPresent(contextParameters, forKey: .contextParameters)
    }
}
