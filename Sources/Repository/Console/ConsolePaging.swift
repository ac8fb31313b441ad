import HTTPSupport
import HTTPTypes

/// Which page of a listing or of query results a person asked for (`page`, from 1, and
/// `pageSize`), and the links to the pages around it.
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

    /// The pager of `results`: where this page is, and links to the previous and next pages
    /// made by `link` (which gets a page number); HTML.
    func navigation(of results: DocumentPage, link: (Int) -> String) -> String {
        let pageCount = max(1, (results.totalSize + pageSize - 1) / pageSize)
        let noun = results.totalSize == 1 ? "document" : "documents"
        var parts = ["<span id=\"page-status\">Page \(page) of \(pageCount) · \(results.totalSize) \(noun)</span>"]
        if page > 1 {
            parts.append("<a rel=\"prev\" href=\"\(link(min(page - 1, pageCount)).htmlEscaped)\">Previous page</a>")
        }
        if page < pageCount {
            parts.append("<a rel=\"next\" href=\"\(link(page + 1).htmlEscaped)\">Next page</a>")
        }
        return "<nav class=\"pages\" aria-label=\"Pages\">\(parts.joined(separator: "\n"))</nav>"
    }

    private static func number(_ name: String, in parameters: FormEncodedQuery, default fallback: Int, range: ClosedRange<Int>) throws -> Int {
        guard let text = parameters[name], !text.isEmpty else { return fallback }
        guard let value = Int(text), range.contains(value) else {
            throw APIError(.badRequest, "'\(name)' must be a whole number from \(range.lowerBound) to \(range.upperBound).")
        }
        return value
    }
}
