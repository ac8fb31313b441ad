/// One page of a filtered list, with the number of items on all pages.
public struct CatalogPage<Item: Sendable>: Sendable {
    /// The items of this page, in the requested order.
    public let items: [Item]
    /// How many items match the filter in all.
    public let totalCount: Int

    /// Creates a page.
    public init(items: [Item], totalCount: Int) {
        self.items = items
        self.totalCount = totalCount
    }
}
