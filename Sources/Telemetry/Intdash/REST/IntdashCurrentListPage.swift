/// The paging member of the current intdash lists (`/auth/…`): `{next, prev, next_page?,
/// prev_page?, total_page, total_count}`.
struct IntdashCurrentListPage: Encodable, Sendable {
    /// Whether a page follows.
    let next: Bool
    /// Whether a page precedes.
    let prev: Bool
    /// The number of the next page; absent on the last.
    let nextPage: Int?
    /// The number of the previous page; absent on the first.
    let prevPage: Int?
    /// How many pages the list has.
    let totalPage: Int
    /// How many items the whole list holds.
    let totalCount: Int

    /// The wire names.
    enum CodingKeys: String, CodingKey {
        case next, prev
        case nextPage = "next_page"
        case prevPage = "prev_page"
        case totalPage = "total_page"
        case totalCount = "total_count"
    }

    /// The paging of `page` of a list of `totalCount` items.
    init(totalCount: Int, page: PageRequest) {
        let pages = page.pageCount(totalCount: totalCount)
        self.next = page.page < pages
        self.prev = page.page > 1
        self.nextPage = page.page < pages ? page.page + 1 : nil
        self.prevPage = page.page > 1 ? min(page.page - 1, pages) : nil
        self.totalPage = pages
        self.totalCount = totalCount
    }
}
