import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import ISCP
import NIOCore
import SwiftProtobuf

/// The data query endpoints of the intdash API, under the group `/intdash/api` that
/// authenticates its requests:
///
/// - `GET /v1/data?name=<measurement>&start&end&since&period&idq…&label…&limit&order&time_format&exit_on_error`
///   streams the stored points in time order. `start` (inclusive) and `end` (exclusive) are
///   RFC 3339 times or microseconds since 1970; `since`, in the same form, keeps the points
///   stored at or after it; `period` (microseconds) keeps the first point of each data id in
///   each window of that width (windows start at multiples of it since 1970); `limit` counts
///   what is left after those (``IntdashPointSelection``). `label` names signal definitions,
///   which this server does not keep: labels select nothing. With `Accept: application/protobuf` each point
///   is `[u64 little-endian length][pb.DataResponseProto]` (what intdash-py 2.1.1 reads); with
///   `Accept: application/x-ndjson` one JSON object per line; otherwise one JSON array. The
///   objects are ``IntdashDataResponse/json(timeFormat:)``. A stored chunk that cannot be read
///   ends the answer with an intdash error point (a String unit `error` whose value is
///   `{"error", "error_description"}`, data id `intdash/measurement/get/data/error`), whatever
///   `exit_on_error` says, since the answer has already begun.
/// - `GET /v1/data_ids?name=<measurement>` → `{"items": [{data_type, channel, data_id, name,
///   type, count, first_elapsed_time, last_elapsed_time}]}`, elapsed times in microseconds.
///
/// Only measurements are searched by `name` (not edges). A measurement the caller may not see
/// is answered as unknown, with 404.
struct IntdashDataRoutes: Sendable {
    /// The stored points.
    let store: TelemetryDataStore
    /// The measurements, with the visibility rule.
    let measurements: any MeasurementDirectory

    /// How many bytes of answer are gathered before they are written.
    private static let flushSize = 64 << 10

    /// Adds the routes to `api`.
    func add(to api: RouterGroup<ChanceryRequestContext>) {
        api.get("v1/data") { request, context in
            let parameters = try IntdashDataRequest(request)
            let entry = try await visibleMeasurement(parameters.measurement, context: context)
            return try await answer(parameters, entry: entry)
        }
        api.get("v1/data_ids") { request, context in
            guard let name = IntdashQuery(request).string("name") else { throw APIError(.badRequest, "name (a measurement UUID) is required") }
            guard let uuid = UUID(uuidString: name) else { throw APIError(.notFound, "no measurement '\(name)': name must be a measurement UUID") }
            let entry = try await visibleMeasurement(uuid, context: context)
            let items = try await store.dataIDs(of: entry.uuid).map { summary -> JSONValue in
                .object([
                    "data_type": .integer(Int(ISCP1DataMapping.rawDataType(of: summary.dataID))),
                    "channel": .integer(Int(ISCP1DataMapping.channel(of: summary.dataID))),
                    "data_id": .string(ISCP1DataMapping.iscp1DataID(of: summary.dataID)),
                    "name": .string(summary.dataID.name),
                    "type": .string(summary.dataID.type),
                    "count": .integer(summary.pointCount),
                    "first_elapsed_time": .integer(Int(summary.firstElapsedTime / 1000)),
                    "last_elapsed_time": .integer(Int(summary.lastElapsedTime / 1000)),
                ])
            }
            return IntdashResponse(body: .object(["items": .array(items)]))
        }
    }

    /// The measurement, or 404 when the caller may not see it.
    private func visibleMeasurement(_ uuid: UUID, context: ChanceryRequestContext) async throws -> MeasurementDirectoryEntry {
        guard let entry = try await measurements.measurement(uuid, visibleTo: try context.requirePrincipal()) else {
            throw APIError(.notFound, "no measurement \(uuid.uuidString.lowercased())")
        }
        return entry
    }

    /// The streamed answer to `parameters` over measurement `entry`.
    private func answer(_ parameters: IntdashDataRequest, entry: MeasurementDirectoryEntry) async throws -> Response {
        let baseTime = entry.baseTime ?? 0
        var filters: [TelemetryDataFilter]?
        if let queries = parameters.idQueries {
            let stored = try await store.dataIDs(of: entry.uuid).map(\.dataID)
            filters = stored.filter { id in queries.contains { $0.matches(id) } }.map { TelemetryDataFilter(name: $0.name, type: $0.type) }
        }
        let initialSelection = IntdashPointSelection(since: parameters.since, period: parameters.period, limit: parameters.limit, baseTime: baseTime)
        let points: TelemetryPoints? = filters?.isEmpty == true ? nil : store.points(
            measurement: entry.uuid, elapsedRange: parameters.elapsedRange(baseTime: baseTime), dataIDs: filters,
            order: parameters.order, limit: initialSelection.isLimitOnly ? parameters.limit : nil
        )
        let measurementUUID = entry.uuid.uuidString.lowercased()
        let encoding = parameters.encoding
        let timeFormat = parameters.timeFormat
        let contentType = switch encoding {
        case .protobuf: "application/protobuf"
        case .jsonLines: "application/x-ndjson"
        case .jsonArray: "application/json; charset=utf-8"
        }
        let body = ResponseBody { writer in
            var buffer = ByteBuffer()
            var count = 0
            var selection = initialSelection
            func append(_ response: IntdashDataResponse) throws {
                switch encoding {
                case .protobuf:
                    let message: [UInt8] = try response.message.serializedBytes()
                    buffer.writeInteger(UInt64(message.count), endianness: .little)
                    buffer.writeBytes(message)
                case .jsonLines:
                    buffer.writeBytes(try Self.encoder.encode(response.json(timeFormat: timeFormat)))
                    buffer.writeInteger(UInt8(ascii: "\n"))
                case .jsonArray:
                    buffer.writeString(count == 0 ? "[" : ",")
                    buffer.writeBytes(try Self.encoder.encode(response.json(timeFormat: timeFormat)))
                }
                count += 1
            }
            if let points {
                do {
                    for try await stored in points {
                        if selection.isComplete { break }
                        guard selection.admits(stored) else { continue }
                        try append(IntdashDataResponse(stored, measurementUUID: measurementUUID, baseTime: baseTime))
                        if buffer.readableBytes >= Self.flushSize {
                            try await writer.write(buffer)
                            buffer.clear()
                        }
                    }
                } catch let error as TelemetryDataStoreError {
                    try append(Self.errorResponse(error, measurementUUID: measurementUUID))
                }
            }
            if encoding == .jsonArray { buffer.writeString(count == 0 ? "[]" : "]") }
            try await writer.write(buffer)
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: contentType], body: body)
    }

    /// intdash's in-band error point: a String unit with id `error` whose value is the error
    /// object, on channel 1 with data id `intdash/measurement/get/data/error`.
    private static func errorResponse(_ error: TelemetryDataStoreError, measurementUUID: String) -> IntdashDataResponse {
        let object: JSONValue = .object(["error": .string("stored_data_error"), "error_description": .string(error.description)])
        let value = (try? encoder.encode(object)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        let unit = try? ISCP1Unit(
            streamID: 0, channel: 1, elapsedTime: ISCP1ElapsedTime(nanoseconds: 0, precision: .nanoseconds),
            payload: .string(ISCP1IdentifiedValue(id: "error", value: value))
        )
        return IntdashDataResponse(
            measurementUUID: measurementUUID, time: 0, createdAt: Date(), dataType: ISCP1DataType.string.rawValue, channel: 1,
            dataID: "intdash/measurement/get/data/error", payload: unit?.payload ?? []
        )
    }

    /// The JSON encoder of the answer's objects.
    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}
