import Accounts
import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird

/// intdash's signal endpoints (`/v1/signals…`), as intdash-py 2.1.1's `client.signals` calls
/// them.
///
/// A signal is ``IntdashSignalResource``. Every authenticated principal reads every signal;
/// a person defines them and changes or deletes their own, an administrator any, an edge
/// none (403) — ``SignalStore`` says why.
/// - `GET /v1/signals?label&sort&order&limit&page` → `{items, page}` (legacy paging). `label`
///   matches a part of the label, ignoring case, or the whole label in double quotes; `sort`
///   is `label` (the default), `uuid`, `data_type`, `channel`, `data_id`, `created_at` or
///   `updated_at`; `order` `asc` (the default) or `desc`; `limit` 1 to 1000, default 100.
/// - `POST /v1/signals` `{label, data_type, data_id, channel, description?, conversion?,
///   display?}` → 201 signal; a label in use → 409.
/// - `GET /v1/signals/{uuid}` → signal; `PUT` with any members of the create body → 204;
///   `DELETE` → 204. An unknown UUID → 404.
struct IntdashSignalRoutes: Sendable {
    /// The signals.
    let signals: SignalStore

    /// Adds the routes to `api`, which authenticates its requests.
    func add(to api: RouterGroup<ChanceryRequestContext>) {
        api.get("v1/signals") { request, context in
            _ = try context.requirePrincipal()
            let query = try Self.query(IntdashQuery(request))
            let page = try await signals.list(query)
            return IntdashPagedList(
                items: page.items.map(IntdashSignalResource.init),
                page: IntdashLegacyListPage(totalCount: page.totalCount, page: query.page, path: "/api/v1/signals", query: request.uri.query)
            )
        }
        api.post("v1/signals") { request, context in
            let principal = try context.requirePrincipal()
            let body = try await IntdashBody.read(request)
            let change = try Self.change(body)
            guard let label = change.label else { throw APIError(.badRequest, "label is required") }
            guard let dataType = change.dataType else { throw APIError(.badRequest, "data_type is required") }
            guard let channel = change.channel else { throw APIError(.badRequest, "channel is required") }
            guard let dataID = change.dataID else { throw APIError(.badRequest, "data_id is required") }
            let signal = try await signals.create(
                label: label, description: change.description ?? "", dataType: dataType, channel: channel, dataID: dataID,
                conversion: change.conversion ?? .none, display: change.display ?? SignalDisplay(), by: principal
            )
            return EditedResponse(status: .created, response: IntdashSignalResource(signal))
        }
        api.get("v1/signals/:uuid") { _, context in
            _ = try context.requirePrincipal()
            return IntdashSignalResource(try await signals.signal(uuid: try context.parameters.require("uuid")))
        }
        api.put("v1/signals/:uuid") { request, context in
            let principal = try context.requirePrincipal()
            let uuid = try context.parameters.require("uuid")
            try await signals.update(uuid: uuid, try Self.change(try await IntdashBody.read(request)), by: principal)
            return Response(status: .noContent)
        }
        api.delete("v1/signals/:uuid") { _, context in
            let principal = try context.requirePrincipal()
            try await signals.delete(uuid: try context.parameters.require("uuid"), by: principal)
            return Response(status: .noContent)
        }
    }

    /// The members of a create or change body.
    private static func change(_ body: IntdashBody) throws -> SignalUpdate {
        SignalUpdate(
            label: try body.string("label"),
            description: try body.string("description"),
            dataType: try byte(body, "data_type"),
            channel: try byte(body, "channel"),
            dataID: try body.string("data_id"),
            conversion: try body.object("conversion").map(SignalConversion.init(intdash:)),
            display: try body.object("display").map(display)
        )
    }

    /// A member that must be a whole number from 0 to 255.
    private static func byte(_ body: IntdashBody, _ key: String) throws -> UInt8? {
        guard let number = try body.integer(key) else { return nil }
        guard let byte = UInt8(exactly: number) else { throw APIError(.badRequest, "\(key) must be from 0 to 255, not \(number)") }
        return byte
    }

    /// `{unit, min, max, format}`, each member optional.
    private static func display(_ body: IntdashBody) throws -> SignalDisplay {
        do {
            return SignalDisplay(
                unit: try body.string("unit") ?? "", min: try body.number("min"), max: try body.number("max"),
                format: try body.string("format") ?? ""
            )
        } catch var error as APIError {
            error.message = "display." + error.message
            throw error
        }
    }

    /// The list's parameters.
    private static func query(_ parameters: IntdashQuery) throws -> SignalQuery {
        var query = SignalQuery()
        if let label = parameters.string("label") {
            if label.count >= 2, label.hasPrefix("\""), label.hasSuffix("\"") {
                query.label = .exactly(String(label.dropFirst().dropLast()))
            } else {
                query.label = .containing(label)
            }
        }
        query.sort = try parameters.value("sort", as: SignalQuery.SortKey.self) ?? .label
        query.order = try parameters.order(default: .ascending)
        query.page = PageRequest(
            page: Int(try parameters.integer("page", in: 1...1_000_000) ?? 1),
            limit: Int(try parameters.integer("limit", in: 1...1000) ?? 100)
        )
        return query
    }
}
