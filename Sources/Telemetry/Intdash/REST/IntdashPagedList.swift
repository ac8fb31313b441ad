import Hummingbird

/// One page of an intdash list: `{items, page}`, `page` in the legacy
/// (``IntdashLegacyListPage``) or the current (``IntdashCurrentListPage``) shape.
struct IntdashPagedList<Item: Encodable & Sendable, Page: Encodable & Sendable>: ResponseEncodable, Sendable {
    /// The page's items.
    let items: [Item]
    /// Where the page lies in the list.
    let page: Page
}
