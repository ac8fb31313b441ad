/// One page of templates, as ``SignWellClient/templates(page:limit:query:)`` answers.
public struct TemplateList: Codable, Hashable, Sendable {
    /// The templates on this page.
    public var templates: [Template]
    /// Where this page is among all pages.
    public var pagination: Pagination

    /// Describes a page of templates.
    public init(templates: [Template], pagination: Pagination) {
        self.templates = templates
        self.pagination = pagination
    }

    private enum CodingKeys: String, CodingKey {
        case templates
    }

    /// Decodes `{templates, current_page, next_page, previous_page, total_count, total_pages}`.
    public init(from decoder: any Decoder) throws {
        templates = try decoder.container(keyedBy: CodingKeys.self).decode([Template].self, forKey: .templates)
        pagination = try Pagination(from: decoder)
    }

    /// Encodes the page as the server sends it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(templates, forKey: .templates)
        try pagination.encode(to: encoder)
    }
}
