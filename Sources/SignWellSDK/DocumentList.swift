/// One page of documents, as ``SignWellClient/documents(page:limit:query:)`` answers.
public struct DocumentList: Codable, Hashable, Sendable {
    /// The documents on this page.
    public var documents: [Document]
    /// Where this page is among all pages.
    public var pagination: Pagination

    /// Describes a page of documents.
    public init(documents: [Document], pagination: Pagination) {
        self.documents = documents
        self.pagination = pagination
    }

    private enum CodingKeys: String, CodingKey {
        case documents
    }

    /// Decodes `{documents, current_page, next_page, previous_page, total_count, total_pages}`.
    public init(from decoder: any Decoder) throws {
        documents = try decoder.container(keyedBy: CodingKeys.self).decode([Document].self, forKey: .documents)
        pagination = try Pagination(from: decoder)
    }

    /// Encodes the page as the server sends it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(documents, forKey: .documents)
        try pagination.encode(to: encoder)
    }
}
