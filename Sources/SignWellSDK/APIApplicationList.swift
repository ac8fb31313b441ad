/// One page of API applications, as ``SignWellClient/apiApplications(page:limit:)`` answers.
public struct APIApplicationList: Codable, Hashable, Sendable {
    /// The applications on this page, newest first.
    public var apiApplications: [APIApplication]
    /// Where this page is among all pages.
    public var pagination: Pagination

    /// Describes a page of applications.
    public init(apiApplications: [APIApplication], pagination: Pagination) {
        self.apiApplications = apiApplications
        self.pagination = pagination
    }

    private enum CodingKeys: String, CodingKey {
        case apiApplications = "api_applications"
    }

    /// Decodes `{api_applications, current_page, next_page, previous_page, total_count, total_pages}`.
    public init(from decoder: any Decoder) throws {
        apiApplications = try decoder.container(keyedBy: CodingKeys.self).decode([APIApplication].self, forKey: .apiApplications)
        pagination = try Pagination(from: decoder)
    }

    /// Encodes the page as the server sends it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(apiApplications, forKey: .apiApplications)
        try pagination.encode(to: encoder)
    }
}
