/// A kind of document: its schemas, facets, parent type and the types it may contain.
public struct DocumentType: Sendable, Hashable {
    /// The type's name, such as `File`.
    public let name: String
    /// The type it extends (`Document` for the top types), or `nil` for `Document` itself.
    public let parent: String?
    /// The names of its schemas, own and inherited, in display order.
    public let schemas: [String]
    /// Its facets, such as `Folderish` or `Versionable`.
    public let facets: [String]
    /// The types a document of this type may contain; empty for leaves.
    public let subtypes: [String]
    /// Whether documents of this type follow the default lifecycle (`project` first).
    public let hasLifecycle: Bool

    /// Creates a type.
    public init(name: String, parent: String?, schemas: [String], facets: [String], subtypes: [String] = [], hasLifecycle: Bool = true) {
        self.name = name
        self.parent = parent
        self.schemas = schemas
        self.facets = facets
        self.subtypes = subtypes
        self.hasLifecycle = hasLifecycle
    }

    /// Whether documents of this type can contain others.
    public var isFolderish: Bool { facets.contains(Facet.folderish) }
}

/// The facet names the repository itself acts on.
public enum Facet {
    /// The document can have children.
    public static let folderish = "Folderish"
    /// The document can be checked in as versions.
    public static let versionable = "Versionable"
    /// Hidden from children listings and navigation queries.
    public static let hiddenInNavigation = "HiddenInNavigation"
}
