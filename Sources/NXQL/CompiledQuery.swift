/// An NXQL query translated into SQL pieces for `SELECT … FROM repo_documents d WHERE
/// <condition> ORDER BY <orderBy>`.
public struct CompiledQuery: Sendable, Hashable {
    /// The WHERE condition: the query's predicate, its document-type filter and, when
    /// principals were given, the read-ACL filter. Never empty: "1=1" when nothing filters.
    public var condition: [SQLPiece]

    /// The ORDER BY items separated by commas, without the keywords; empty when the query
    /// does not order its results (or orders them only by unknown properties).
    public var orderBy: [SQLPiece]

    /// Creates a compiled query from its pieces.
    public init(condition: [SQLPiece], orderBy: [SQLPiece]) {
        self.condition = condition
        self.orderBy = orderBy
    }
}
