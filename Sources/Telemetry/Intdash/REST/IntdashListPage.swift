import HTTPTypes
import JSON

/// The paging member of intdash's lists, in the two shapes the API has.
enum IntdashListPage {
    /// The legacy shape (`/v1/…`): `{total_count, first, last, next, previous}`, where `next`
    /// and `previous` are the path and query of the neighbouring page relative to the API's
    /// base URL (intdash-py appends them to it), or `null`.
    ///
    /// - Parameters:
    ///   - path: The list's path below the base URL, such as `/api/v1/measurements`.
    ///   - query: The request's raw query, whose `page` is replaced.
    static func legacy(totalCount: Int, page: PageRequest, path: String, query: String?) -> JSONValue {
        let pages = page.pageCount(totalCount: totalCount)
        func link(to number: Int) -> JSONValue {
            var pairs = (query ?? "").split(separator: "&").filter { !$0.hasPrefix("page=") && !$0.isEmpty }.map(String.init)
            pairs.append("page=\(number)")
            return .string(path + "?" + pairs.joined(separator: "&"))
        }
        return .object([
            "total_count": .integer(totalCount),
            "first": .bool(page.page <= 1),
            "last": .bool(page.page >= pages),
            "next": page.page < pages ? link(to: page.page + 1) : .null,
            "previous": page.page > 1 ? link(to: min(page.page - 1, pages)) : .null,
        ])
    }

    /// The current shape (`/auth/…`): `{next, prev, next_page?, prev_page?, total_page,
    /// total_count}`.
    static func current(totalCount: Int, page: PageRequest) -> JSONValue {
        let pages = page.pageCount(totalCount: totalCount)
        var members: [String: JSONValue] = [
            "next": .bool(page.page < pages),
            "prev": .bool(page.page > 1),
            "total_page": .integer(pages),
            "total_count": .integer(totalCount),
        ]
        if page.page < pages { members["next_page"] = .integer(page.page + 1) }
        if page.page > 1 { members["prev_page"] = .integer(min(page.page - 1, pages)) }
        return .object(members)
    }
}
