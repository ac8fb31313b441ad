/// A parsed NXQL query: `SELECT … FROM type[, type…] [WHERE predicate] [ORDER BY …]`.
///
/// Parse one with ``init(parsing:)``, fill its `?` and `:name` parameters with
/// ``binding(positional:named:)`` and turn it into SQL with ``NXQLCompiler``. Its
/// `description` is the query written back in canonical NXQL, which parses to an equal value.
public struct NXQLQuery: Sendable, Hashable, CustomStringConvertible {
    /// What the query selects. The repository always returns whole documents; the list is
    /// kept so that nothing the client wrote is lost.
    public var selection: NXQLSelection

    /// The document types after FROM, as written ("Document" means every type).
    public var documentTypes: [String]

    /// The WHERE predicate; nil when the query has none.
    public var predicate: NXQLPredicate?

    /// The ORDER BY items, most significant first; empty when the query has none.
    public var ordering: [NXQLOrdering]

    /// Creates a query from its parts.
    public init(
        selection: NXQLSelection = .allProperties,
        documentTypes: [String],
        predicate: NXQLPredicate? = nil,
        ordering: [NXQLOrdering] = []
    ) {
        self.selection = selection
        self.documentTypes = documentTypes
        self.predicate = predicate
        self.ordering = ordering
    }

    /// Parses NXQL text. Any string gives either a query or an error that says where the text
    /// stops making sense; keywords are case-insensitive.
    public init(parsing text: String) throws(NXQLError) {
        var parser = try NXQLParser(text)
        self = try parser.parseQuery()
    }

    /// The query in canonical NXQL.
    public var description: String {
        var text = "SELECT \(selection) FROM \(documentTypes.joined(separator: ", "))"
        if let predicate {
            text += " WHERE \(predicate)"
        }
        if !ordering.isEmpty {
            text += " ORDER BY " + ordering.map(\.description).joined(separator: ", ")
        }
        return text
    }
}
