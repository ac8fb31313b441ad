/// The pager under a listing or query results (the `pager` template): where this page is, and
/// links to the previous and next pages.
struct ConsolePager: Sendable {
    /// `Page 2 of 3 · 120 documents`.
    let status: String
    /// The previous page's link, unless this is the first page.
    let previous: String?
    /// The next page's link, unless this is the last page.
    let next: String?

    /// The pager of `results`, the page `paging` asked for, with links made by `link` (which
    /// gets a page number).
    init(of results: DocumentPage, paging: ConsolePaging, link: (Int) -> String) {
        let page = paging.page
        let pageCount = max(1, (results.totalSize + paging.pageSize - 1) / paging.pageSize)
        let noun = results.totalSize == 1 ? "document" : "documents"
        status = "Page \(page) of \(pageCount) · \(results.totalSize) \(noun)"
        previous = page > 1 ? link(min(page - 1, pageCount)) : nil
        next = page < pageCount ? link(page + 1) : nil
    }
}
