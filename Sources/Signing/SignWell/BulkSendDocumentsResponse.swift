import HTTPSupport
import Hummingbird

/// SignWell's `BulkSendDocumentsResponse`: the ``BulkSendSummary`` members, the paging members
/// of ``PageResponse`` and one page of the bulk send's documents, as `GET /documents/{id}`
/// shows them.
struct BulkSendDocumentsResponse: ResponseEncodable, Sendable {
    /// The bulk send.
    let summary: BulkSendSummary
    /// Where this page stands among the bulk send's documents.
    let page: PageResponse
    /// The documents of this page, in the order of their rows.
    let documents: [DocumentResponse]

    func encode(to encoder: any Encoder) throws {
        try summary.encode(to: encoder)
        try page.encode(to: encoder)
        var container = encoder.container(keyedBy: ListKey.self)
        try container.encode(documents, forKey: .documents)
    }
}
