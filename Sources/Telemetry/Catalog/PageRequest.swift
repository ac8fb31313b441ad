/// Which page of a list to return: `page` counted from 1, `limit` items a page.
public struct PageRequest: Sendable, Hashable {
    /// The page, counted from 1.
    public let page: Int
    /// Items per page.
    public let limit: Int

    /// The first `limit` items.
    public init(page: Int = 1, limit: Int) {
        self.page = max(1, page)
        self.limit = max(1, limit)
    }

    /// How many items come before this page.
    var offset: Int { (page - 1) * limit }

    /// How many pages `totalCount` items fill; at least one.
    public func pageCount(totalCount: Int) -> Int {
        max(1, (totalCount + limit - 1) / limit)
    }
}
