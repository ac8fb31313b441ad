/// Where a page of a list is among all pages, as list answers tell.
public struct Pagination: Hashable, Sendable {
    /// This page's number, from 1.
    public var currentPage: Int
    /// The next page's number; `nil` on the last page.
    public var nextPage: Int?
    /// The previous page's number; `nil` on the first page.
    public var previousPage: Int?
    /// How many items there are on all pages.
    public var totalCount: Int
    /// How many pages there are.
    public var totalPages: Int

    /// Describes a page.
    public init(currentPage: Int, nextPage: Int?, previousPage: Int?, totalCount: Int, totalPages: Int) {
        self.currentPage = currentPage
        self.nextPage = nextPage
        self.previousPage = previousPage
        self.totalCount = totalCount
        self.totalPages = totalPages
    }

    /// The keys of the pagination, which list answers send beside their items.
    enum CodingKeys: String, CodingKey {
        case currentPage = "current_page"
        case nextPage = "next_page"
        case previousPage = "previous_page"
        case totalCount = "total_count"
        case totalPages = "total_pages"
    }

    /// Reads the pagination from the top level of a list answer.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        currentPage = try container.decode(Int.self, forKey: .currentPage)
        nextPage = try container.decodeIfPresent(Int.self, forKey: .nextPage)
        previousPage = try container.decodeIfPresent(Int.self, forKey: .previousPage)
        totalCount = try container.decode(Int.self, forKey: .totalCount)
        totalPages = try container.decode(Int.self, forKey: .totalPages)
    }

    /// Writes the pagination at the top level of a list answer.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(currentPage, forKey: .currentPage)
        try container.encodeIfPresent(nextPage, forKey: .nextPage)
        try container.encodeIfPresent(previousPage, forKey: .previousPage)
        try container.encode(totalCount, forKey: .totalCount)
        try container.encode(totalPages, forKey: .totalPages)
    }
}
