import HTTPSupport
import HTTPTypes

/// Which page of a listing or of query results a person asked for (`page`, from 1, and
/// `pageSize`); ``ConsolePager`` links to the pages around it.
struct ConsolePaging: Sendable, Equatable {
    /// The page size when the URL gives none.
    static let defaultPageSize = 50

    /// The highest page number accepted, which keeps the offset far from overflowing.
    static let maxPage = 1_000_000

    /// The page, from 1.
    let page: Int
    /// Documents per page, 1 to ``DocumentPage/maxPageSize``.
    let pageSize: Int

    /// The paging `parameters` ask for.
    ///
    /// - Throws: 400 when `page` or `pageSize` is not a whole number in range.
    init(_ parameters: FormEncodedQuery) throws {
        page = try Self.number("page", in: parameters, default: 1, range: 1...Self.maxPage)
        pageSize = try Self.number("pageSize", in: parameters, default: Self.defaultPageSize, range: 1...DocumentPage.maxPageSize)
    }

    /// The repository's request for this page.
    var request: PageRequest { PageRequest(pageSize: pageSize, pageIndex: page - 1) }

    /// The `pageSize` to keep in links: `nil` when it is the default.
    var pageSizeParameter: Int? { pageSize == Self.defaultPageSize ? nil : pageSize }

    private static func number(_ name: String, in parameters: FormEncodedQuery, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text = parameters[name], !text.isEmpty else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw APIError(.badRequest, "'\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }
}
