/// The paging members of a SignWell list: the page shown, the pages before and after it (left
/// out when there are none) and the size of the whole list.
struct PageResponse: Encodable, Sendable {
    /// The page shown, counted from 1.
    let currentPage: Int
    /// The page after it, if any.
    let nextPage: Int?
    /// The page before it, if any.
    let previousPage: Int?
    /// The items in all.
    let totalCount: Int
    /// The pages in all, at least 1.
    let totalPages: Int

    enum CodingKeys: String, CodingKey {
        case currentPage = "current_page"
        case nextPage = "next_page"
        case previousPage = "previous_page"
        case totalCount = "total_count"
        case totalPages = "total_pages"
    }
}
