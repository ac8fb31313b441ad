import HTTPSupport
import Hummingbird

/// Query endpoints: `query`, `query/NXQL`, `query/{provider}`, `search/lang/NXQL/execute`,
/// `search/pp/{provider}/execute` and the iOS SDK's `@search`.
extension NuxeoAPI {
    func query(_ call: NuxeoCall, provider name: String?) async throws -> Response {
        try Self.require(call, .get, .post)
        var named: [String: String] = [:]
        for (key, value) in call.query.items where named[key] == nil { named[key] = value }
        let page: DocumentPage
        if let name, name != "NXQL" {
            guard let provider = PageProvider.all[name] else { throw APIError(.notFound, "unknown page provider '\(name)'") }
            page = try await repository.query(
                provider.query, parameters: call.parameters("queryParams"), namedParameters: named,
                page: try call.pageRequest(defaultPageSize: 0, defaultSort: provider.defaultSort), for: call.checker
            )
        } else {
            let nxql = call.parameter("query") ?? "SELECT * FROM Document"
            page = try await repository.query(
                nxql, parameters: call.parameters("queryParams"), namedParameters: named,
                page: try call.pageRequest(defaultPageSize: 0), for: call.checker
            )
        }
        return try NuxeoCall.json(try await call.renderer.page(page))
    }
}
