import Accounts
import HTTPSupport
import HTTPTypes
import Hummingbird

/// intdash's edge endpoints.
///
/// Legacy (intdash-py 2.1.1, intdash-swift 1.x):
/// - `GET /v1/edges?name&nickname&type&disabled&sort&order&limit&page` → `{items, page}` with
///   the legacy paging; `GET /v1/edges/me`; `GET /v1/edges/{uuid}`.
///
/// Current:
/// - `GET /auth/edges?uuid&name&nickname&owner_uuid&has_owner&sort&page&per_page` → `{items,
///   page}` with the current paging; `sort` is a column with an optional `+` or `-`.
/// - `POST /auth/edges` `{name, nickname?, description?}` → 201 edge with `client_secret`;
///   the caller owns the new edge. Edges may not make edges.
/// - `GET /auth/edges/me`; `GET|PATCH|DELETE /auth/edges/{uuid}`; PATCH takes `{name?,
///   nickname?, description?, disabled?}`. Edges may read themselves but not change edges.
///
/// `me` is the caller's own edge: a device edge for an edge, the person's `user` edge for a
/// person (made on first use).
struct IntdashEdgeRoutes: Sendable {
    /// The edges.
    let edges: EdgeStore

    /// Adds the routes to `api`, which authenticates its requests.
    func add(to api: RouterGroup<ChanceryRequestContext>) {
        api.get("v1/edges") { request, context in
            let scope = CatalogScope(try context.requirePrincipal())
            let query = try legacyQuery(IntdashQuery(request))
            let page = try await edges.list(query, scope: scope)
            return IntdashPagedList(
                items: page.items.map { IntdashEdgeResource($0) },
                page: IntdashLegacyListPage(totalCount: page.totalCount, page: query.page, path: "/api/v1/edges", query: request.uri.query)
            )
        }
        for path in ["v1/edges/me", "auth/edges/me"] {
            api.get(RouterPath(path)) { _, context in
                IntdashEdgeResource(try await edges.ownEdge(of: try context.requirePrincipal()))
            }
        }
        for path in ["v1/edges/:uuid", "auth/edges/:uuid"] {
            api.get(RouterPath(path)) { _, context in
                let scope = CatalogScope(try context.requirePrincipal())
                return IntdashEdgeResource(try await edges.edge(uuid: try context.parameters.require("uuid"), scope: scope))
            }
        }
        api.get("auth/edges") { request, context in
            let scope = CatalogScope(try context.requirePrincipal())
            let query = try currentQuery(IntdashQuery(request))
            let page = try await edges.list(query, scope: scope)
            return IntdashPagedList(
                items: page.items.map { IntdashEdgeResource($0) }, page: IntdashCurrentListPage(totalCount: page.totalCount, page: query.page)
            )
        }
        api.post("auth/edges") { request, context in
            let principal = try context.requirePrincipal()
            try Self.refuseEdges(CatalogScope(principal))
            let body = try await IntdashBody.read(request)
            guard let name = try body.string("name") else { throw APIError(.badRequest, "name is required") }
            let created = try await edges.create(
                name: name, nickname: try body.string("nickname"), description: try body.string("description") ?? "",
                ownerUserID: principal.userID
            )
            return EditedResponse(status: .created, response: IntdashEdgeResource(created.edge, clientSecret: created.clientSecret))
        }
        api.patch("auth/edges/:uuid") { request, context in
            let scope = CatalogScope(try context.requirePrincipal())
            try Self.refuseEdges(scope)
            let body = try await IntdashBody.read(request)
            let change = EdgeUpdate(
                name: try body.string("name"), nickname: try body.string("nickname"), description: try body.string("description"),
                disabled: try body.bool("disabled")
            )
            let edge = try await edges.update(uuid: try context.parameters.require("uuid"), change, scope: scope)
            return IntdashEdgeResource(edge)
        }
        api.delete("auth/edges/:uuid") { _, context in
            let scope = CatalogScope(try context.requirePrincipal())
            try Self.refuseEdges(scope)
            try await edges.delete(uuid: try context.parameters.require("uuid"), scope: scope)
            return Response(status: .noContent)
        }
    }

    /// Throws 403 for an edge: edges do not manage edges.
    private static func refuseEdges(_ scope: CatalogScope) throws {
        if case .edge = scope { throw CatalogError.forbidden("an edge may not create, change or delete edges") }
    }

    /// The legacy list's parameters; `limit` defaults to 100 (at most 1000).
    private func legacyQuery(_ parameters: IntdashQuery) throws -> EdgeQuery {
        var query = EdgeQuery()
        query.name = parameters.string("name")
        query.nickname = parameters.string("nickname")
        query.type = try Self.edgeType(parameters)
        query.disabled = try parameters.bool("disabled")
        query.sort = try parameters.value("sort", as: EdgeQuery.SortKey.self) ?? .name
        query.order = try parameters.order(default: .ascending)
        query.page = PageRequest(
            page: Int(try parameters.integer("page", in: 1...1_000_000) ?? 1),
            limit: Int(try parameters.integer("limit", in: 1...1000) ?? 100)
        )
        return query
    }

    /// The current list's parameters; `per_page` defaults to 30 (at most 1000).
    private func currentQuery(_ parameters: IntdashQuery) throws -> EdgeQuery {
        var query = EdgeQuery()
        query.uuid = parameters.string("uuid")
        query.name = parameters.string("name")
        query.nickname = parameters.string("nickname")
        query.ownerUserID = parameters.string("owner_uuid")
        query.hasOwner = try parameters.bool("has_owner")
        if let sort = parameters.string("sort") {
            // `name+` arrives as `name ` when the client did not escape the plus.
            var column = Substring(sort)
            var order = SortOrder.ascending
            if let last = column.last, "+- ".contains(last) {
                order = last == "-" ? .descending : .ascending
                column = column.dropLast()
            }
            guard let key = EdgeQuery.SortKey(rawValue: String(column)) else { throw APIError(.badRequest, "sort '\(sort)' is not accepted") }
            query.sort = key
            query.order = order
        }
        query.page = PageRequest(
            page: Int(try parameters.integer("page", in: 1...1_000_000) ?? 1),
            limit: Int(try parameters.integer("per_page", in: 1...1000) ?? 30)
        )
        return query
    }

    /// The `type` filter; intdash-py's `none` means no filter.
    private static func edgeType(_ parameters: IntdashQuery) throws -> EdgeType? {
        guard let text = parameters.string("type"), text != "none" else { return nil }
        guard let type = EdgeType(rawValue: text) else { throw APIError(.badRequest, "type must be device or user, not '\(text)'") }
        return type
    }
}
