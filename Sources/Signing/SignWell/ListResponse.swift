import HTTPSupport
import Hummingbird

/// One page of a SignWell list: the items under their ``ListKey``, beside the paging members
/// of ``PageResponse``.
struct ListResponse<Item: Encodable & Sendable>: ResponseEncodable, Sendable {
    /// The member that carries the items.
    let key: ListKey
    /// The items of this page.
    let items: [Item]
    /// Where this page stands in the list.
    let page: PageResponse

    func encode(to encoder: any Encoder) throws {
        try page.encode(to: encoder)
        var container = encoder.container(keyedBy: ListKey.self)
        try container.encode(items, forKey: key)
    }
}
