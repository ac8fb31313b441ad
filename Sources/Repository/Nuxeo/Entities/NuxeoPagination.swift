/// The pagination fields every paginated Nuxeo list carries beside its `entries` (spec §3.3).
struct NuxeoPagination: Encodable, Sendable {
    /// How many results the whole query has.
    let totalSize: Int
    /// The requested page size; 0 for everything.
    let pageSize: Int
    /// The index of this page.
    let pageIndex: Int
    /// The offset of this page's first entry.
    let offset: Int
    /// How many entries this page has.
    let count: Int

    /// How many pages the results fill; at least 1.
    var pageCount: Int { pageSize > 0 ? max(1, (totalSize + pageSize - 1) / pageSize) : 1 }

    enum CodingKeys: String, CodingKey {
        case isPaginable, resultsCount, pageSize, maxPageSize, resultsCountLimit, currentPageSize, currentPageIndex, currentPageOffset
        case numberOfPages, isPreviousPageAvailable, isNextPageAvailable, isLastPageAvailable, isSortable, hasError, errorMessage
        case totalSize, pageIndex, pageCount
    }

    /// Writes every field, `errorMessage` as `null`.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(true, forKey: .isPaginable)
        try container.encode(totalSize, forKey: .resultsCount)
        try container.encode(pageSize, forKey: .pageSize)
        try container.encode(DocumentPage.maxPageSize, forKey: .maxPageSize)
        try container.encode(-1, forKey: .resultsCountLimit)
        try container.encode(count, forKey: .currentPageSize)
        try container.encode(pageIndex, forKey: .currentPageIndex)
        try container.encode(offset, forKey: .currentPageOffset)
        try container.encode(pageCount, forKey: .numberOfPages)
        try container.encode(pageIndex > 0, forKey: .isPreviousPageAvailable)
        try container.encode(pageSize > 0 && (pageIndex + 1) * pageSize < totalSize, forKey: .isNextPageAvailable)
        try container.encode(pageIndex + 1 < pageCount, forKey: .isLastPageAvailable)
        try container.encode(true, forKey: .isSortable)
        try container.encode(false, forKey: .hasError)
        try container.encodeNil(forKey: .errorMessage)
        try container.encode(totalSize, forKey: .totalSize)
        try container.encode(pageIndex, forKey: .pageIndex)
        try container.encode(pageCount, forKey: .pageCount)
    }
}

extension NuxeoPagination {
    /// The pagination of the page `request` asked for, which holds `count` of `totalSize`
    /// results.
    init(totalSize: Int, page request: PageRequest, count: Int) {
        self.init(totalSize: totalSize, pageSize: request.pageSize, pageIndex: request.pageIndex, offset: request.start, count: count)
    }
}
