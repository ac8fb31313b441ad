import Hummingbird

/// A whole intdash list, without paging: `{items}`.
struct IntdashItemList<Item: Encodable & Sendable>: ResponseEncodable, Sendable {
    /// The list's items.
    let items: [Item]
}
