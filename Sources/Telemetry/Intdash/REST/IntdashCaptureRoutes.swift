import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird

/// intdash's capture endpoints (`/v1/captures…`).
///
/// A capture is `{uuid, name, description, edge_uuid, start, duration, shared, created_at,
/// updated_at}`: `start` is RFC 3339, `duration` microseconds.
/// - `GET /v1/captures?start&end&name&sort&order&limit&page` → `{items, page}` (legacy paging).
///   `start`/`end` (microseconds since 1970) keep the captures that start within them; `name`
///   matches a part of the name, or the whole name in double quotes. `limit` defaults to 100
///   (at most 1000), `sort` to `start`, `order` to `desc`.
/// - `POST /v1/captures` `{edge_uuid, start, duration?, name?, description?, shared?}` → 201
///   capture.
/// - `GET /v1/captures/{uuid}`; `PUT` `{name?, description?, start?, duration?, shared?}` →
///   200 capture; `DELETE` → 204.
struct IntdashCaptureRoutes: Sendable {
    /// The captures.
    let captures: CaptureStore

    /// Adds the routes to `api`, which authenticates its requests.
    func add(to api: RouterGroup<ChanceryRequestContext>) {
        api.get("v1/captures") { request, context in
            let scope = CatalogScope(try context.requirePrincipal())
            let query = try Self.query(IntdashQuery(request))
            let page = try await captures.list(query, scope: scope)
            return IntdashPagedList(
                items: page.items.map(IntdashCaptureResource.init),
                page: IntdashLegacyListPage(totalCount: page.totalCount, page: query.page, path: "/api/v1/captures", query: request.uri.query)
            )
        }
        api.post("v1/captures") { request, context in
            let scope = CatalogScope(try context.requirePrincipal())
            let body = try await IntdashBody.read(request)
            guard let edgeUUID = try body.string("edge_uuid") else { throw APIError(.badRequest, "edge_uuid is required") }
            guard let start = try body.time("start") else { throw APIError(.badRequest, "start is required") }
            let capture = try await captures.create(
                edgeUUID: edgeUUID, name: try body.string("name") ?? "", description: try body.string("description") ?? "",
                start: start, duration: try body.integer("duration") ?? 0, isShared: try body.bool("shared") ?? false, scope: scope
            )
            return EditedResponse(status: .created, response: IntdashCaptureResource(capture))
        }
        api.get("v1/captures/:uuid") { _, context in
            let scope = CatalogScope(try context.requirePrincipal())
            let uuid = try context.parameters.require("uuid")
            return IntdashCaptureResource(try Self.found(try await captures.capture(uuid: uuid, scope: scope), uuid))
        }
        api.put("v1/captures/:uuid") { request, context in
            let scope = CatalogScope(try context.requirePrincipal())
            let uuid = try context.parameters.require("uuid")
            let body = try await IntdashBody.read(request)
            let change = CaptureUpdate(
                name: try body.string("name"), description: try body.string("description"), start: try body.time("start"),
                duration: try body.integer("duration"), isShared: try body.bool("shared")
            )
            return IntdashCaptureResource(try Self.found(try await captures.update(uuid: uuid, change, scope: scope), uuid))
        }
        api.delete("v1/captures/:uuid") { _, context in
            let scope = CatalogScope(try context.requirePrincipal())
            let uuid = try context.parameters.require("uuid")
            _ = try Self.found(try await captures.delete(uuid: uuid, scope: scope), uuid)
            return Response(status: .noContent)
        }
    }

    /// `capture`, or a 404 for `uuid` when the store found none the caller may see.
    private static func found(_ capture: Capture?, _ uuid: String) throws -> Capture {
        guard let capture else { throw APIError(.notFound, "capture \(uuid) not found") }
        return capture
    }

    /// The list's parameters.
    private static func query(_ parameters: IntdashQuery) throws -> CaptureQuery {
        var query = CaptureQuery()
        if let name = parameters.string("name") {
            if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
                query.name = .exactly(String(name.dropFirst().dropLast()))
            } else {
                query.name = .containing(name)
            }
        }
        query.start = try parameters.integer("start")
        query.end = try parameters.integer("end")
        query.sort = try parameters.value("sort", as: CaptureQuery.SortKey.self) ?? .start
        query.order = try parameters.order(default: .descending)
        query.page = PageRequest(
            page: Int(try parameters.integer("page", in: 1...1_000_000) ?? 1),
            limit: Int(try parameters.integer("limit", in: 1...1000) ?? 100)
        )
        return query
    }
}
