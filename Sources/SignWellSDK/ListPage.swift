/// Something the API lists in pages, under a member of its own name.
public protocol ListPageItem: Codable, Hashable, Sendable {
    /// The member of a list answer that holds the items (`documents`, `templates`, …).
    static var listMember: String { get }
}

/// One page of a list the API answers with `{<items>, current_page, next_page,
/// previous_page, total_count, total_pages}`.
public struct ListPage<Item: ListPageItem>: Codable, Hashable, Sendable {
    /// The items on this page, in the server's order.
    public var items: [Item]
    /// Where this page is among all pages.
    public var pagination: Pagination

    /// Describes a page.
    public init(items: [Item], pagination: Pagination) {
        self.items = items
        self.pagination = pagination
    }

    /// The member holding the items.
    private struct ItemsKey: CodingKey {
        var stringValue: String { Item.listMember }
        var intValue: Int? { nil }
        init() {}
        init?(stringValue: String) { guard stringValue == Item.listMember else { return nil } }
        init?(intValue: Int) { nil }
    }

    /// Decodes the items and the paging members.
    public init(from decoder: any Decoder) throws {
        items = try decoder.container(keyedBy: ItemsKey.self).decode([Item].self, forKey: ItemsKey())
        pagination = try Pagination(from: decoder)
    }

    /// Encodes the page as the server sends it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: ItemsKey.self)
        try container.encode(items, forKey: ItemsKey())
        try pagination.encode(to: encoder)
    }
}

/// One page of documents, as ``SignWellClient/documents(page:limit:query:)`` answers.
public typealias DocumentList = ListPage<Document>
/// One page of templates.
public typealias TemplateList = ListPage<Template>
/// One page of bulk sends, as ``SignWellClient/bulkSends(page:limit:userEmail:apiApplicationID:)`` answers.
public typealias BulkSendList = ListPage<BulkSend>
/// One page of API applications, as ``SignWellClient/apiApplications(page:limit:)`` answers.
public typealias APIApplicationList = ListPage<APIApplication>

extension Document: ListPageItem {
    /// Documents are listed under `documents`.
    public static var listMember: String { "documents" }
}

extension Template: ListPageItem {
    /// Templates are listed under `templates`.
    public static var listMember: String { "templates" }
}

extension BulkSend: ListPageItem {
    /// Bulk sends are listed under `bulk_sends`.
    public static var listMember: String { "bulk_sends" }
}

extension APIApplication: ListPageItem {
    /// API applications are listed under `api_applications`.
    public static var listMember: String { "api_applications" }
}

extension ListPage where Item == Document {
    /// The documents on this page.
    public var documents: [Document] { items }
}

extension ListPage where Item == Template {
    /// The templates on this page.
    public var templates: [Template] { items }
}

extension ListPage where Item == BulkSend {
    /// The bulk sends on this page.
    public var bulkSends: [BulkSend] { items }
}

extension ListPage where Item == APIApplication {
    /// The applications on this page.
    public var apiApplications: [APIApplication] { items }
}
