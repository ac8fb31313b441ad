import Accounts
import HTTPSupport
import HTTPTypes
import Hummingbird

/// intdash's base-time endpoints: a measurement's base times, one per clock type.
///
/// - `GET /v1/measurements/{uuid}/basetimes` → `{items: [{type, basetime, created_at,
///   updated_at}]}`, highest priority first.
/// - `GET /v1/measurements/{uuid}/basetimes/{type}` → one; 404 when the type is not set.
/// - `PUT /v1/measurements/{uuid}/basetimes/{type}` `{basetime}` (RFC 3339) → 204.
/// - `DELETE /v1/measurements/{uuid}/basetimes/{type}` → 204.
struct IntdashBaseTimeRoutes: Sendable {
    /// The measurements.
    let measurements: MeasurementStore

    /// Adds the routes to `api`, which authenticates its requests.
    func add(to api: RouterGroup<ChanceryRequestContext>) {
        api.get("v1/measurements/:uuid/basetimes") { _, context in
            let scope = CatalogScope(try context.requirePrincipal())
            let baseTimes = try await measurements.baseTimes(of: try context.parameters.require("uuid"), scope: scope)
            return IntdashItemList(items: baseTimes.map(IntdashBaseTimeResource.init))
        }
        api.get("v1/measurements/:uuid/basetimes/:type") { _, context in
            let scope = CatalogScope(try context.requirePrincipal())
            let baseTime = try await measurements.baseTime(of: try context.parameters.require("uuid"), type: try Self.type(context), scope: scope)
            return IntdashBaseTimeResource(baseTime)
        }
        api.put("v1/measurements/:uuid/basetimes/:type") { request, context in
            let scope = CatalogScope(try context.requirePrincipal())
            let type = try Self.type(context)
            guard let basetime = try await IntdashBody.read(request).time("basetime") else { throw APIError(.badRequest, "basetime is required") }
            try await measurements.setBaseTime(uuid: try context.parameters.require("uuid"), type: type, basetime: basetime, scope: scope)
            return Response(status: .noContent)
        }
        api.delete("v1/measurements/:uuid/basetimes/:type") { _, context in
            let scope = CatalogScope(try context.requirePrincipal())
            try await measurements.deleteBaseTime(uuid: try context.parameters.require("uuid"), type: try Self.type(context), scope: scope)
            return Response(status: .noContent)
        }
    }

    /// The `{type}` of the path.
    private static func type(_ context: ChanceryRequestContext) throws -> BaseTimeType {
        let text = try context.parameters.require("type")
        guard let type = BaseTimeType(rawValue: text) else {
            let accepted = BaseTimeType.allCases.map(\.rawValue).joined(separator: ", ")
            throw APIError(.badRequest, "base time type '\(text)' is not one of \(accepted)")
        }
        return type
    }
}
