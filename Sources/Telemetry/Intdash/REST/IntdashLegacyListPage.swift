/// The paging member of the legacy intdash lists (`/v1/…`): `{total_count, first, last, next,
/// previous}`, where `next` and `previous` are the path and query of the neighbouring page
/// relative to the API's base URL (intdash-py appends them to it), or `null`.
struct IntdashLegacyListPage: Encodable, Sendable {
    /// How many items the whole list holds.
    let totalCount: Int
    /// Whether this is the first page.
    let first: Bool
    /// Whether this is the last page.
    let last: Bool
    /// The link to the next page; `nil` (written `null`) on the last.
    let next: String?
    /// The link to the previous page; `nil` (written `null`) on the first.
    let previous: String?

    /// The wire names.
    enum CodingKeys: String, CodingKey {
        case first, last, next, previous
        case totalCount = "total_count"
    }

    /// The paging of `page` of a list of `totalCount` items.
    ///
    /// - Parameters:
    ///   - path: The list's path below the base URL, such as `/api/v1/measurements`.
    ///   - query: The request's raw query, whose `page` is replaced in the links.
    init(totalCount: Int, page: PageRequest, path: String, query: String?) {
        let pages = page.pageCount(totalCount: totalCount)
        func link(to number: Int) -> String {
            var pairs = (query ?? "").split(separator: "&").filter { !$0.hasPrefix("page=") && !$0.isEmpty }.map(String.init)
            pairs.append("page=\(number)")
            return path + "?" + pairs.joined(separator: "&")
        }
        self.totalCount = totalCount
        self.first = page.page <= 1
        self.last = page.page >= pages
        self.next = page.page < pages ? link(to: page.page + 1) : nil
        self.previous = page.page > 1 ? link(to: min(page.page - 1, pages)) : nil
    }

    /// Writes every member, `next` and `previous` even when they are `null`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(totalCount, forKey: .totalCount)
        try container.encode(first, forKey: .first)
        try container.encode(last, forKey: .last)
        try container.encode(next, forKey: .next)
        try container.encode(previous, forKey: .previous)
    }
}
