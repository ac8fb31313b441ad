import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import JSON

/// The `page` and `limit` query parameters of SignWell's lists and the paging members of their
/// answers (`current_page`, `next_page`, `previous_page`, `total_count`, `total_pages`).
struct Paging: Sendable {
    /// The page, counted from 1.
    let page: Int
    /// Items per page, 1 to 50.
    let limit: Int

    /// Items per page when the request says nothing.
    static let defaultLimit = 10

    /// Reads the query of `request`.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 422 for a page below 1 or a limit outside 1…50.
    init(_ request: Request) throws {
        let query = request.uri.queryParameters
        let reader = RequestReader()
        var members: [String: JSONValue] = [:]
        if let page = query.get("page") { members["page"] = .string(page) }
        if let limit = query.get("limit") { members["limit"] = .string(limit) }
        page = reader.integer(members, "page", at: "page", in: 1...1_000_000) ?? 1
        limit = reader.integer(members, "limit", at: "limit", in: 1...50) ?? Self.defaultLimit
        try reader.throwIfFailed("Invalid paging parameters.")
    }

    /// The paging members of an answer listing `total` items in all.
    func page(total: Int) -> PageResponse {
        let pages = max(1, (total + limit - 1) / limit)
        return PageResponse(
            currentPage: page, nextPage: page < pages ? page + 1 : nil, previousPage: page > 1 ? page - 1 : nil, totalCount: total,
            totalPages: pages
        )
    }

    /// The answer of a list: `items`, this page of `total` in all, under `key`, beside the
    /// paging members.
    func response<Item>(listing items: [Item], as key: ListKey, total: Int) -> ListResponse<Item> {
        ListResponse(key: key, items: items, page: page(total: total))
    }
}
