/// A list of documents (`entity-type` `documents`): the answer of `@children`, of a query,
/// or of an operation that returns several documents.
///
/// A paginable list (``isPaginable``) is one page of the results: ``currentPageIndex`` says
/// which, and ``isNextPageAvailable`` whether another follows; ask for it with
/// ``NUXRequest/addParameterValue(_:forKey:)`` `currentPageIndex`. A list that is not
/// paginable has only ``entries``.
public struct NUXDocuments: NUXEntity {
    /// `documents`.
    public static let entityType = "documents"

    /// Whether the list is one page of a longer result.
    public var isPaginable: Bool
    /// How many documents the whole result has (`-1` when the server did not count them).
    public var resultsCount: Int
    /// How many documents a page holds (`0`: all in one page).
    public var pageSize: Int
    /// The largest page size the server allows.
    public var maxPageSize: Int
    /// How many documents this page holds.
    public var currentPageSize: Int
    /// The index of this page, from 0.
    public var currentPageIndex: Int
    /// How many pages the result has.
    public var numberOfPages: Int
    /// Whether a page comes before this one.
    public var isPreviousPageAvailable: Bool
    /// Whether a page comes after this one.
    public var isNextPageAvailable: Bool
    /// Whether the last page can be asked for.
    public var isLastPageAvailable: Bool
    /// Whether the result can be sorted (`sortBy`, `sortOrder`).
    public var isSortable: Bool
    /// Whether the query failed on the server.
    public var hasError: Bool
    /// Why the query failed, when ``hasError``.
    public var errorMessage: String?
    /// How many documents the whole result has (the same as ``resultsCount``).
    public var totalSize: Int
    /// The index of this page (the same as ``currentPageIndex``).
    public var pageIndex: Int
    /// How many pages the result has (the same as ``numberOfPages``).
    public var pageCount: Int
    /// The documents of this page.
    public var entries: [NUXDocument]

    /// A list that is not paginable, of `entries`.
    public init(entries: [NUXDocument] = []) {
        isPaginable = false
        resultsCount = entries.count
        pageSize = 0
        maxPageSize = 0
        currentPageSize = entries.count
        currentPageIndex = 0
        numberOfPages = 1
        isPreviousPageAvailable = false
        isNextPageAvailable = false
        isLastPageAvailable = false
        isSortable = false
        hasError = false
        totalSize = entries.count
        pageIndex = 0
        pageCount = 1
        self.entries = entries
    }
}

extension NUXDocuments: Codable {
    private enum CodingKeys: String, CodingKey {
        case entityType = "entity-type"
        case isPaginable, resultsCount, pageSize, maxPageSize, currentPageSize, currentPageIndex, numberOfPages
        case isPreviousPageAvailable, isNextPageAvailable, isLastPageAvailable, isSortable, hasError, errorMessage
        case totalSize, pageIndex, pageCount, entries
    }

    /// Decodes a `documents` entity; missing pagination fields are 0 or `false`, as in a
    /// list that is not paginable.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func int(_ key: CodingKeys) throws -> Int { try container.decodeIfPresent(Int.self, forKey: key) ?? 0 }
        func bool(_ key: CodingKeys) throws -> Bool { try container.decodeIfPresent(Bool.self, forKey: key) ?? false }
        isPaginable = try bool(.isPaginable)
        resultsCount = try int(.resultsCount)
        pageSize = try int(.pageSize)
        maxPageSize = try int(.maxPageSize)
        currentPageSize = try int(.currentPageSize)
        currentPageIndex = try int(.currentPageIndex)
        numberOfPages = try int(.numberOfPages)
        isPreviousPageAvailable = try bool(.isPreviousPageAvailable)
        isNextPageAvailable = try bool(.isNextPageAvailable)
        isLastPageAvailable = try bool(.isLastPageAvailable)
        isSortable = try bool(.isSortable)
        hasError = try bool(.hasError)
        errorMessage = try container.decodeIfPresent(String.self, forKey: .errorMessage)
        totalSize = try int(.totalSize)
        pageIndex = try int(.pageIndex)
        pageCount = try int(.pageCount)
        entries = try container.decodeIfPresent([NUXDocument].self, forKey: .entries) ?? []
    }

    /// Encodes the `documents` entity with its pagination fields.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.entityType, forKey: .entityType)
        try container.encode(isPaginable, forKey: .isPaginable)
        try container.encode(resultsCount, forKey: .resultsCount)
        try container.encode(pageSize, forKey: .pageSize)
        try container.encode(maxPageSize, forKey: .maxPageSize)
        try container.encode(currentPageSize, forKey: .currentPageSize)
        try container.encode(currentPageIndex, forKey: .currentPageIndex)
        try container.encode(numberOfPages, forKey: .numberOfPages)
        try container.encode(isPreviousPageAvailable, forKey: .isPreviousPageAvailable)
        try container.encode(isNextPageAvailable, forKey: .isNextPageAvailable)
        try container.encode(isLastPageAvailable, forKey: .isLastPageAvailable)
        try container.encode(isSortable, forKey: .isSortable)
        try container.encode(hasError, forKey: .hasError)
        try container.encodeIfPresent(errorMessage, forKey: .errorMessage)
        try container.encode(totalSize, forKey: .totalSize)
        try container.encode(pageIndex, forKey: .pageIndex)
        try container.encode(pageCount, forKey: .pageCount)
        try container.encode(entries, forKey: .entries)
    }
}
