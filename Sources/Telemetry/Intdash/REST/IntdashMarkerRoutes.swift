import Accounts
import HTTPSupport
import HTTPTypes
import Hummingbird

/// intdash's marker endpoints.
///
/// - `POST /v1/measurements/{uuid}/markers` `{type: point|range, detail, name?,
///   description?, tag?}` → 201 marker; `GET` → `{items}` in the order they start.
/// - `GET|PUT|DELETE /v1/measurements/{uuid}/markers/{marker}` and
///   `GET|PUT|DELETE /v1/measurements/markers/{marker}`; PUT takes any of the POST members and
///   answers 200 with the marker, DELETE answers 204.
/// - `GET /v1/measurements/markers/{marker}/measurement` → the marker's measurement.
///
/// `detail` is `{occurred_elapsed_time}` for a point and `{start_elapsed_time,
/// end_elapsed_time}` for a range, in microseconds of elapsed time; `tag` is an object of
/// strings.
struct IntdashMarkerRoutes: Sendable {
    /// The measurements.
    let measurements: MeasurementStore

    /// Adds the routes to `api`, which authenticates its requests.
    func add(to api: RouterGroup<ChanceryRequestContext>) {
        api.post("v1/measurements/:uuid/markers") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await IntdashBody.read(request)
            guard let span = try Self.span(body) else { throw APIError(.badRequest, "type and detail are required") }
            let marker = try await measurements.createMarker(
                in: try context.parameters.require("uuid"), name: try body.string("name") ?? "",
                description: try body.string("description") ?? "", span: span, tag: try body.stringDictionary("tag") ?? [:],
                by: principal.userID, scope: CatalogScope(principal)
            )
            return EditedResponse(status: .created, response: IntdashMarkerResource(marker))
        }
        api.get("v1/measurements/:uuid/markers") { _, context in
            let scope = CatalogScope(try context.requirePrincipal())
            let markers = try await measurements.markers(of: try context.parameters.require("uuid"), scope: scope)
            return IntdashItemList(items: markers.map(IntdashMarkerResource.init))
        }
        for path in ["v1/measurements/:uuid/markers/:marker", "v1/measurements/markers/:marker"] {
            api.get(RouterPath(path)) { _, context in
                let scope = CatalogScope(try context.requirePrincipal())
                let marker = try await measurements.marker(
                    uuid: try context.parameters.require("marker"), in: context.parameters.get("uuid"), scope: scope
                )
                return IntdashMarkerResource(marker)
            }
            api.put(RouterPath(path)) { request, context in
                let principal = try context.requirePrincipal()
                let body = try await IntdashBody.read(request)
                let change = MarkerUpdate(
                    name: try body.string("name"), description: try body.string("description"), span: try Self.span(body),
                    tag: try body.stringDictionary("tag")
                )
                let marker = try await measurements.updateMarker(
                    uuid: try context.parameters.require("marker"), in: context.parameters.get("uuid"), change,
                    by: principal.userID, scope: CatalogScope(principal)
                )
                return IntdashMarkerResource(marker)
            }
            api.delete(RouterPath(path)) { _, context in
                let scope = CatalogScope(try context.requirePrincipal())
                try await measurements.deleteMarker(uuid: try context.parameters.require("marker"), in: context.parameters.get("uuid"), scope: scope)
                return Response(status: .noContent)
            }
        }
        api.get("v1/measurements/markers/:marker/measurement") { _, context in
            let scope = CatalogScope(try context.requirePrincipal())
            let marker = try await measurements.marker(uuid: try context.parameters.require("marker"), scope: scope)
            return IntdashMeasurementResource(try await measurements.measurement(uuid: marker.measurementUUID, scope: scope))
        }
    }

    /// The span a body's `type` and `detail` describe; `nil` when it has neither. A `detail`
    /// without `type` is read by its members.
    private static func span(_ body: IntdashBody) throws -> MarkerSpan? {
        let type = try body.string("type")
        guard let detail = try body.object("detail") else {
            if type != nil { throw APIError(.badRequest, "detail is required with type") }
            return nil
        }
        switch type ?? (detail.members["occurred_elapsed_time"] != nil ? "point" : "range") {
        case "point":
            guard let occurred = try detail.integer("occurred_elapsed_time") else {
                throw APIError(.badRequest, "a point marker's detail needs occurred_elapsed_time")
            }
            return .point(occurredAt: occurred)
        case "range":
            guard let start = try detail.integer("start_elapsed_time"), let end = try detail.integer("end_elapsed_time") else {
                throw APIError(.badRequest, "a range marker's detail needs start_elapsed_time and end_elapsed_time")
            }
            return .range(start: start, end: end)
        case let other:
            throw APIError(.badRequest, "marker type must be point or range, not '\(other)'")
        }
    }
}
