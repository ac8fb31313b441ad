/// Which page of a query's results a client wants, and in which order.
public struct PageRequest: Sendable, Equatable {
    /// Documents per page; 0 for all results (up to ``maxResults``).
    public var pageSize: Int
    /// The page, from 0.
    public var pageIndex: Int
    /// A start position that overrides `pageIndex * pageSize`, if given.
    public var offset: Int?
    /// The most results to consider when not paging.
    public var maxResults: Int
    /// Properties to sort by (`dc:title`, `ecm:path`), before the query's own ORDER BY.
    public var sortBy: [String]
    /// `asc` or `desc` for each of ``sortBy``, by position.
    public var sortOrder: [String]

    /// Creates a page request.
    public init(pageSize: Int = 50, pageIndex: Int = 0, offset: Int? = nil, maxResults: Int = 10_000, sortBy: [String] = [], sortOrder: [String] = [])
    {
        self.pageSize = pageSize
        self.pageIndex = pageIndex
        self.offset = offset
        self.maxResults = maxResults
        self.sortBy = sortBy
        self.sortOrder = sortOrder
    }

    /// The first result's position.
    public var start: Int { offset ?? pageIndex * pageSize }
    /// How many results to fetch.
    public var limit: Int { pageSize > 0 ? pageSize : maxResults }
}
