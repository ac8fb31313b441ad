/// One page of bulk sends, as ``SignWellClient/bulkSends(page:limit:userEmail:apiApplicationID:)`` answers.
public struct BulkSendList: Codable, Hashable, Sendable {
    /// The bulk sends on this page.
    public var bulkSends: [BulkSend]
    /// Where this page is among all pages.
    public var pagination: Pagination

    /// Describes a page of bulk sends.
    public init(bulkSends: [BulkSend], pagination: Pagination) {
        self.bulkSends = bulkSends
        self.pagination = pagination
    }

    private enum CodingKeys: String, CodingKey {
        case bulkSends = "bulk_sends"
    }

    /// Decodes `{bulk_sends, current_page, next_page, previous_page, total_count, total_pages}`.
    public init(from decoder: any Decoder) throws {
        bulkSends = try decoder.container(keyedBy: CodingKeys.self).decode([BulkSend].self, forKey: .bulkSends)
        pagination = try Pagination(from: decoder)
    }

    /// Encodes the page as the server sends it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(bulkSends, forKey: .bulkSends)
        try pagination.encode(to: encoder)
    }
}
