import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird

/// intdash's measurement endpoints (`/v1/measurements…`).
///
/// - `GET /v1/measurements?uuid&name&edge_uuid&start&end&partial_match&basetime_type&ended&
///   status&duration_start&duration_end&sort&order&limit&page` → `{items, page}` (legacy
///   paging). `name` matches a part of the name, or the whole name when it is in double
///   quotes; `start`/`end` and the durations are in microseconds; `partial_match` widens the
///   time range to measurements that overlap it. `limit` defaults to 100 (at most 1000),
///   `sort` to `basetime`, `order` to `desc`.
/// - `POST /v1/measurements` `{edge_uuid, name?, description?, basetime?, basetime_type?,
///   protected?}` → 201 measurement; `basetime` is RFC 3339, its type defaults to `manual`.
/// - `GET /v1/measurements/{uuid}`; `PUT` `{name?, description?, basetime_type?, basetime?,
///   ended?}` → 204; `DELETE` → 204 (409 while protected), which also deletes the stored
///   points.
/// - `PUT …/{uuid}/end`, `…/complete`, `…/protect`, `…/unprotect` → 200 measurement.
struct IntdashMeasurementRoutes: Sendable {
    /// The measurements.
    let measurements: MeasurementStore
    /// Their stored points, if this server keeps any.
    let data: TelemetryDataStore?

    /// Adds the routes to `api`, which authenticates its requests.
    func add(to api: RouterGroup<ChanceryRequestContext>) {
        api.get("v1/measurements") { request, context in
            let scope = CatalogScope(try context.requirePrincipal())
            let query = try Self.query(IntdashQuery(request))
            let page = try await measurements.list(query, scope: scope)
            return IntdashPagedList(
                items: page.items.map(IntdashMeasurementResource.init),
                page: IntdashLegacyListPage(totalCount: page.totalCount, page: query.page, path: "/api/v1/measurements", query: request.uri.query)
            )
        }
        api.post("v1/measurements") { request, context in
            let scope = CatalogScope(try context.requirePrincipal())
            let body = try await IntdashBody.read(request)
            guard let edgeUUID = try body.string("edge_uuid") else { throw APIError(.badRequest, "edge_uuid is required") }
            let measurement = try await measurements.create(
                edgeUUID: edgeUUID, name: try body.string("name") ?? "", description: try body.string("description") ?? "",
                basetime: try body.time("basetime"), basetimeType: try body.value("basetime_type", as: BaseTimeType.self) ?? .manual,
                isProtected: try body.bool("protected") ?? false, scope: scope
            )
            return EditedResponse(status: .created, response: IntdashMeasurementResource(measurement))
        }
        api.get("v1/measurements/:uuid") { _, context in
            let scope = CatalogScope(try context.requirePrincipal())
            return IntdashMeasurementResource(try await measurements.measurement(uuid: try context.parameters.require("uuid"), scope: scope))
        }
        api.put("v1/measurements/:uuid") { request, context in
            let scope = CatalogScope(try context.requirePrincipal())
            let body = try await IntdashBody.read(request)
            let change = MeasurementUpdate(
                name: try body.string("name"), description: try body.string("description"),
                basetimeType: try body.value("basetime_type", as: BaseTimeType.self), basetime: try body.time("basetime"),
                ended: try body.bool("ended")
            )
            try await measurements.update(uuid: try context.parameters.require("uuid"), change, scope: scope)
            return Response(status: .noContent)
        }
        api.delete("v1/measurements/:uuid") { _, context in
            let scope = CatalogScope(try context.requirePrincipal())
            let deleted = try await measurements.delete(uuid: try context.parameters.require("uuid"), scope: scope)
            // After the row: a chunk recorded meanwhile finds no measurement and is removed by the recorder.
            if let data, let uuid = UUID(uuidString: deleted.uuid) {
                try await data.delete(measurement: uuid)
            }
            return Response(status: .noContent)
        }
        addAction("end") { uuid, scope in try await measurements.end(uuid: uuid, scope: scope) }
        addAction("complete") { uuid, scope in try await measurements.complete(uuid: uuid, scope: scope) }
        addAction("protect") { uuid, scope in try await measurements.setProtected(true, uuid: uuid, scope: scope) }
        addAction("unprotect") { uuid, scope in try await measurements.setProtected(false, uuid: uuid, scope: scope) }

        /// `PUT /v1/measurements/{uuid}/<name>`: runs `action`, answers the measurement.
        func addAction(_ name: String, _ action: @escaping @Sendable (String, CatalogScope) async throws -> Void) {
            api.put(RouterPath("v1/measurements/:uuid/\(name)")) { _, context in
                let scope = CatalogScope(try context.requirePrincipal())
                let uuid = try context.parameters.require("uuid")
                try await action(uuid, scope)
                return IntdashMeasurementResource(try await measurements.measurement(uuid: uuid, scope: scope))
            }
        }
    }

    /// The list's parameters.
    private static func query(_ parameters: IntdashQuery) throws -> MeasurementQuery {
        var query = MeasurementQuery()
        query.uuid = parameters.string("uuid")
        if let name = parameters.string("name") {
            if name.count >= 2, name.hasPrefix("\""), name.hasSuffix("\"") {
                query.name = .exactly(String(name.dropFirst().dropLast()))
            } else {
                query.name = .containing(name)
            }
        }
        query.edgeUUID = parameters.string("edge_uuid")
        query.start = try parameters.integer("start")
        query.end = try parameters.integer("end")
        query.partialMatch = try parameters.bool("partial_match") ?? false
        query.basetimeType = try parameters.value("basetime_type", as: BaseTimeType.self)
        query.ended = try parameters.bool("ended")
        query.status = try parameters.value("status", as: MeasurementStatus.self)
        query.minimumDuration = try parameters.integer("duration_start", in: 0...Int64.max)
        query.maximumDuration = try parameters.integer("duration_end", in: 0...Int64.max)
        query.sort = try parameters.value("sort", as: MeasurementQuery.SortKey.self) ?? .basetime
        query.order = try parameters.order(default: .descending)
        query.page = PageRequest(
            page: Int(try parameters.integer("page", in: 1...1_000_000) ?? 1),
            limit: Int(try parameters.integer("limit", in: 1...1000) ?? 100)
        )
        return query
    }
}
