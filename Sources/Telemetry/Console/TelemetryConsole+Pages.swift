import Foundation
import HTTPSupport
import Hummingbird
import ISCP

/// The console's pages: the overview, the measurement list and a measurement's page.
extension TelemetryConsole {
    /// How many measurements a page of the list shows.
    static let measurementsPerPage = 50
    /// How many edges the overview lists.
    static let overviewEdgeCount = 200
    /// How many recent measurements the overview lists.
    static let recentMeasurementCount = 10

    /// `GET /telemetry`: the edges the person may see and their most recent measurements.
    func overview(context: ChanceryRequestContext) async throws -> Response {
        let (user, scope) = try Self.viewer(of: context)
        var edgeQuery = EdgeQuery()
        edgeQuery.page = PageRequest(limit: Self.overviewEdgeCount)
        var recentQuery = MeasurementQuery()
        recentQuery.sort = .createdAt
        recentQuery.page = PageRequest(limit: Self.recentMeasurementCount)
        let visibleEdges = try await edges.list(edgeQuery, scope: scope)
        let recent = try await measurements.list(recentQuery, scope: scope)
        return TelemetryConsoleResponse.page(TelemetryOverviewPage.html(edges: visibleEdges, recent: recent.items, user: user))
    }

    /// `GET /telemetry/measurements`: a page of the measurements, of one edge when `edge` is given.
    func measurementList(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let (user, scope) = try Self.viewer(of: context)
        let parameters = FormEncodedQuery(request.uri.query)
        let edge = parameters["edge"].flatMap { $0.isEmpty ? nil : $0.lowercased() }
        let page = try Self.pageNumber(parameters["page"])
        var query = MeasurementQuery()
        query.edgeUUID = edge
        query.sort = .createdAt
        query.page = PageRequest(page: page, limit: Self.measurementsPerPage)
        var edgeQuery = EdgeQuery()
        edgeQuery.page = PageRequest(limit: Self.overviewEdgeCount)
        let listed = try await measurements.list(query, scope: scope)
        let choices = try await edges.list(edgeQuery, scope: scope).items
        return TelemetryConsoleResponse.page(
            MeasurementListPage.html(measurements: listed, request: query.page, edge: edge, edges: choices, user: user)
        )
    }

    /// `GET /telemetry/measurements/{uuid}`: the measurement's facts, data ids and replay.
    func measurement(context: ChanceryRequestContext) async throws -> Response {
        let (user, scope) = try Self.viewer(of: context)
        let (measurement, uuid) = try await visibleMeasurement(context: context, scope: scope)
        let summaries = try await data.dataIDs(of: uuid)
        let notarization = try await MeasurementNotarizations(database: measurements.database).notarization(of: measurement.uuid)
        return TelemetryConsoleResponse.page(
            MeasurementDetailsPage.html(measurement: measurement, dataIDs: summaries, notarization: notarization, user: user))
    }

    /// Every stored point of the measurement as NDJSON, streamed as it is read: the export
    /// `chancery measurements export --format ndjson` writes, byte for byte, so that its SHA-256
    /// is the one a notarization records.
    func export(context: ChanceryRequestContext) async throws -> Response {
        let (_, scope) = try Self.viewer(of: context)
        let (measurement, uuid) = try await visibleMeasurement(context: context, scope: scope)
        let points = try await MeasurementExport.points(of: uuid, measurements: measurements, data: data)
        let body = ResponseBody { writer in
            var buffer = ByteBuffer()
            for try await point in points {
                buffer.writeString(point.ndjsonLine)
                buffer.writeInteger(UInt8(ascii: "\n"))
                if buffer.readableBytes >= 64 << 10 {
                    try await writer.write(buffer)
                    buffer.clear()
                }
            }
            if buffer.readableBytes > 0 { try await writer.write(buffer) }
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/x-ndjson", .contentDisposition: "attachment; filename=\"\(measurement.uuid).ndjson\"",
                .cacheControl: "no-store",
            ], body: body)
    }

    /// The measurement the route's `uuid` names, if the person may see it.
    ///
    /// - Throws: ``CatalogError/measurementNotFound(_:)`` when it is not a UUID, does not exist
    ///   or is not the person's to see.
    func visibleMeasurement(context: ChanceryRequestContext, scope: CatalogScope) async throws -> (Measurement, UUID) {
        let text = context.parameters.get("uuid") ?? ""
        guard let uuid = UUID(uuidString: text) else { throw CatalogError.measurementNotFound(text) }
        return (try await measurements.measurement(uuid: uuid.uuidString.lowercased(), scope: scope), uuid)
    }

    /// The page number `text` asks for, 1 when none.
    ///
    /// - Throws: 400 when it is not a whole number from 1 to 100,000.
    static func pageNumber(_ text: String?) throws -> Int {
        guard let text, !text.isEmpty else { return 1 }
        guard let page = Int(text), (1...100_000).contains(page) else {
            throw APIError(.badRequest, "'page' must be a whole number from 1 to 100000.")
        }
        return page
    }
}
