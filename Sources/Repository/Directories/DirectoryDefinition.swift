import JSON

/// A directory: a named table of entries of one schema, keyed by one of its fields, such as the
/// `nature` vocabulary that `dc:nature` takes its values from.
public struct DirectoryDefinition: Sendable, Equatable {
    /// The directory's name, as URLs and clients give it (`nature`).
    public let name: String
    /// The schema of its entries.
    public let schema: Schema
    /// The field that identifies an entry.
    public let idField: String
    /// The directory whose entries a `parent` field names, for hierarchical vocabularies (the
    /// directory itself for the `l10n` ones); `nil` for flat ones.
    public let parent: String?
    /// The values an entry takes for the fields it is created without.
    public let defaults: [String: JSONValue]

    /// The entry types the directory lists under (`GET directory?types=vocabulary`).
    public var types: [String] { ["vocabulary"] }

    /// The `ordering` of a vocabulary entry created without one, as Nuxeo's vocabulary schemas
    /// default it.
    static let defaultOrdering = 10_000_000

    /// A vocabulary of `schema`, keyed by `id`: entries are not obsolete and sort last unless
    /// they say otherwise.
    static func vocabulary(_ name: String, schema: Schema, parent: String? = nil) -> DirectoryDefinition {
        DirectoryDefinition(
            name: name, schema: schema, idField: "id", parent: parent, defaults: ["obsolete": 0, "ordering": .integer(defaultOrdering)]
        )
    }
}
