import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import JSON
import NIOCore

/// One authenticated request to the Nuxeo API, with what every handler needs: the caller,
/// their access checker, a renderer for their rendering options, and body readers.
struct NuxeoCall: Sendable {
    /// The request.
    var request: Request
    /// Its context.
    let context: ChanceryRequestContext
    /// The caller.
    let principal: Principal
    /// The caller's permission checks.
    let checker: AccessChecker
    /// Renders documents as the caller asked.
    let renderer: DocumentRenderer

    /// The query parameters, form-decoded once.
    let query: FormEncodedQuery

    /// The first value of the query parameter `name`.
    func parameter(_ name: String) -> String? { query[name] }

    /// Every value of the query parameter `name` (`queryParams=a&queryParams=b`).
    func parameters(_ name: String) -> [String] { query.all(name) }

    /// The integer query parameter `name`, `fallback` when absent.
    ///
    /// - Throws: 400 when it is present and not an integer.
    func integer(_ name: String, default fallback: Int) throws -> Int {
        guard let text = parameter(name), !text.isEmpty else { return fallback }
        guard let value = Int(text) else { throw APIError(.badRequest, "parameter '\(name)' must be an integer, not '\(text)'") }
        return value
    }

    /// The paging and sorting parameters of a listing or query.
    func pageRequest(defaultPageSize: Int, defaultSort: [String] = []) throws -> PageRequest {
        let sortBy = parameter("sortBy").map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? defaultSort
        let sortOrder = parameter("sortOrder").map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
        let pageSize = try integer("pageSize", default: defaultPageSize)
        let index = try integer("currentPageIndex", default: try integer("page", default: 0))
        let offset = parameter("offset").flatMap(Int.init)
        let maxResults = try integer("maxResults", default: 1000)
        guard pageSize >= 0, index >= 0, maxResults >= 0 else { throw APIError(.badRequest, "paging parameters must not be negative") }
        return PageRequest(
            pageSize: min(pageSize, DocumentPage.maxPageSize), pageIndex: index, offset: offset, maxResults: min(max(maxResults, 1), 10_000),
            sortBy: sortBy, sortOrder: sortOrder
        )
    }

    /// The body as JSON; `nil` when it is empty.
    ///
    /// - Throws: 400 when it is not JSON.
    func jsonBody() async throws -> JSONValue? {
        try await request.jsonBody(upTo: context.maxUploadSize, invalid: "the request body is not valid JSON")
    }

    /// A JSON response: `value` with its keys sorted.
    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Response(
            status: status, headers: [.contentType: "application/json"],
            body: ResponseBody(byteBuffer: ByteBuffer(bytes: try encoder.encode(value)))
        )
    }

    /// A plain-text response.
    static func text(_ text: String, status: HTTPResponse.Status) -> Response {
        Response(status: status, headers: [.contentType: "text/plain; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    /// An empty 204 response.
    static var noContent: Response { Response(status: .noContent) }
}
