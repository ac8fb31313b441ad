import Foundation

/// A Nuxeo document, as the REST API and automation operations send it (`entity-type`
/// `document`).
///
/// Nuxeo sends no `name`: ``name`` is then the last segment of ``path``. Only the schemas the
/// request asked for (``NUXRequest/addSchema(_:)``, ``NUXSession/addDefaultSchemas(_:)``)
/// are in ``properties``, keyed `prefix:field` such as `dc:title`.
///
/// Two documents are equal when they are the same version of the same document: the same
/// ``uid`` and the same ``changeToken``.
public struct NUXDocument: NUXEntityPersistable {
    /// `document`.
    public static let entityType = "document"

    /// The repository the document is in, such as `default`.
    public var repository: String?
    /// The document's identifier; `nil` for a document not created yet.
    public var uid: String?
    /// The document's name: the last segment of its path.
    public var name: String?
    /// The document's absolute path, such as `/default-domain/workspaces/report.pdf`.
    public var path: String?
    /// The document type, such as `File` or `Folder`.
    public var type: String?
    /// The document's life cycle state, such as `project`.
    public var state: String?
    /// The version label, such as `0.1`, when the server sends it.
    public var versionLabel: String?
    /// The `uid` of the parent document.
    public var parentRef: String?
    /// The title: `dc:title`, or the name when there is none.
    public var title: String?
    /// A token that changes with each change of the document, for optimistic locking.
    public var changeToken: String?
    /// When the document was last modified (`dc:modified`).
    public var lastModified: Date?
    /// Whether the document is checked out (being edited, not a version).
    public var isCheckedOut: Bool
    /// The properties of the requested schemas, keyed `prefix:field`, such as `dc:title`.
    ///
    /// To clear a property in an update, set it to ``NUXJSONValue/null``: setting `nil`
    /// removes the key, which leaves the property as it is on the server.
    public var properties: [String: NUXJSONValue]
    /// The document's facets, such as `Folderish` or `Versionable`.
    public var facets: [String]
    /// What the requested enrichers (``NUXRequest/addCategory(_:)``) added, such as
    /// `permissions`.
    public var contextParameters: [String: NUXJSONValue]

    /// The document's ``uid``, or an empty string when it has none.
    public var entityId: String { uid ?? "" }

    /// A document to create: its type, name and properties.
    ///
    /// ```swift
    /// let folder = NUXDocument(type: "Folder", name: "reports", properties: ["dc:title": "Reports"])
    /// let request = try session.requestCreateDocument(folder, withParent: "/default-domain/workspaces")
    /// ```
    public init(type: String? = nil, name: String? = nil, properties: [String: NUXJSONValue] = [:]) {
        self.type = type
        self.name = name
        self.properties = properties
        isCheckedOut = false
        facets = []
        contextParameters = [:]
    }

    /// The value of a property given by its Nuxeo path: a property name and, for complex and
    /// list properties, the names and indexes below it, such as `file:content` or
    /// `files:files/0/file`.
    public func property(atXPath xpath: String) -> NUXJSONValue? {
        guard let slash = xpath.firstIndex(of: "/") else { return properties[xpath] }
        return properties[String(xpath[..<slash])]?.value(atPath: xpath[xpath.index(after: slash)...])
    }
}

extension NUXDocument: Equatable {
    /// Whether `lhs` and `rhs` are the same version of the same document: the same ``uid``
    /// and ``changeToken``.
    public static func == (lhs: NUXDocument, rhs: NUXDocument) -> Bool {
        lhs.uid == rhs.uid && lhs.changeToken == rhs.changeToken
    }
}

extension NUXDocument: Codable {
    private enum CodingKeys: String, CodingKey {
        case entityType = "entity-type"
        case repository, uid, name, path, type, state, versionLabel, parentRef, title, changeToken
        case lastModified, isCheckedOut, properties, facets, contextParameters
    }

    /// Decodes a document entity. Missing fields are `nil` or empty, and a `lastModified`
    /// that is not an ISO 8601 date is `nil`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        repository = try container.decodeIfPresent(String.self, forKey: .repository)
        uid = try container.decodeIfPresent(String.self, forKey: .uid)
        path = try container.decodeIfPresent(String.self, forKey: .path)
        name = try container.decodeIfPresent(String.self, forKey: .name) ?? path.flatMap { Self.lastSegment(of: $0) }
        type = try container.decodeIfPresent(String.self, forKey: .type)
        state = try container.decodeIfPresent(String.self, forKey: .state)
        versionLabel = try container.decodeIfPresent(String.self, forKey: .versionLabel)
        parentRef = try container.decodeIfPresent(String.self, forKey: .parentRef)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        changeToken = try container.decodeIfPresent(String.self, forKey: .changeToken)
        lastModified = try container.decodeIfPresent(String.self, forKey: .lastModified).flatMap(ISO8601Timestamp.date(from:))
        isCheckedOut = try container.decodeIfPresent(Bool.self, forKey: .isCheckedOut) ?? false
        properties = try container.decodeIfPresent([String: NUXJSONValue].self, forKey: .properties) ?? [:]
        facets = try container.decodeIfPresent([String].self, forKey: .facets) ?? []
        contextParameters = try container.decodeIfPresent([String: NUXJSONValue].self, forKey: .contextParameters) ?? [:]
    }

    /// Encodes the document entity, as the body of a create (`POST`) or update (`PUT`):
    /// every field that is set, `lastModified` to the millisecond.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.entityType, forKey: .entityType)
        try container.encodeIfPresent(repository, forKey: .repository)
        try container.encodeIfPresent(uid, forKey: .uid)
        try container.encodeIfPresent(name, forKey: .name)
        try container.encodeIfPresent(path, forKey: .path)
        try container.encodeIfPresent(type, forKey: .type)
        try container.encodeIfPresent(state, forKey: .state)
        try container.encodeIfPresent(versionLabel, forKey: .versionLabel)
        try container.encodeIfPresent(parentRef, forKey: .parentRef)
        try container.encodeIfPresent(title, forKey: .title)
        try container.encodeIfPresent(changeToken, forKey: .changeToken)
        try container.encodeIfPresent(lastModified.map(ISO8601Timestamp.string(from:)), forKey: .lastModified)
        try container.encode(isCheckedOut, forKey: .isCheckedOut)
        try container.encode(properties, forKey: .properties)
        try container.encode(facets, forKey: .facets)
        if !contextParameters.isEmpty {
            try container.encode(contextParameters, forKey: .contextParameters)
        }
    }

    /// The last segment of `path`; `nil` for the root.
    private static func lastSegment(of path: String) -> String? {
        path.split(separator: "/").last.map(String.init)
    }
}
