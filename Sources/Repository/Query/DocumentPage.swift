/// One page of a query's results, with what the client needs to ask for the next one.
public struct DocumentPage: Sendable {
    /// The largest page a client may ask for.
    public static let maxPageSize = 1000

    /// The documents of this page, in order.
    public var documents: [Document]
    /// How many documents the query matches in all.
    public var totalSize: Int
    /// The page size asked for; 0 when the results were not paged.
    public var pageSize: Int
    /// The index of this page, from 0.
    public var pageIndex: Int
    /// The index of this page's first document among all results.
    public var offset: Int
}
