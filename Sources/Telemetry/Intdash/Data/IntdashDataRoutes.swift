import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import NIOCore
import SwiftProtobuf

/// The data query endpoints of the intdash API, under the group `/intdash/api` that
/// authenticates its requests:
///
/// - `GET /v1/data?name=…&start&end&since&period&idq…&label…&limit&order&time_format&exit_on_error`
///   streams stored points in time order. `name` is a measurement UUID, or an edge's UUID or
///   name: for an edge the points of every measurement of it the caller may see whose span
///   can overlap `start`…`end` are merged into one order of absolute time
///   (``IntdashMergedPoints``), each carrying its own `measurement_uuid`. `start` (inclusive)
///   and `end` (exclusive) are RFC 3339 times or microseconds since 1970. `idq`
///   (`<data_type>:<channel>/<data_id>`, `*` for any part) selects points to answer raw;
///   `label` names a signal whose converted values are answered under the label
///   (``IntdashDataSelector``; an unknown label is 400); with neither, every point is
///   answered raw. `since`, in the form of `start`, keeps the points stored at or after it;
///   `period` (microseconds) keeps the first answer of each data id in each window of that
///   width (windows start at multiples of it since 1970); `limit` counts what is left after
///   those (``IntdashPointSelection``). With `Accept: application/protobuf` each point is
///   `[u64 little-endian length][pb.DataResponseProto]` (what intdash-py 2.1.1 reads); with
///   `Accept: application/x-ndjson` one JSON object per line; otherwise one JSON array. The
///   objects are those ``IntdashDataJSONWriter`` writes.
///
///   Errors met once the answer has begun travel in it as intdash's error points (a String
///   unit `error` whose value is `{"error", "error_description", …}`, data id
///   `intdash/measurement/get/data/error`): a value a signal cannot convert gives
///   `converted_error` and the answer goes on, unless `exit_on_error` is true, when it ends
///   there; a stored chunk that cannot be read gives `stored_data_error` and always ends it.
/// - `GET /v1/data_ids?name=<measurement>` → `{"items": [{data_type, channel, data_id, name,
///   type, count, first_elapsed_time, last_elapsed_time}]}`, elapsed times in microseconds.
///
/// A measurement or edge the caller may not see is answered as unknown, with 404.
struct IntdashDataRoutes: Sendable {
    /// The stored points.
    let store: TelemetryDataStore
    /// The measurements, with the visibility rule.
    let measurements: any MeasurementDirectory
    /// The signals that labels name.
    let signals: any SignalDirectory

    /// How many bytes of answer are gathered before they are written.
    private static let flushSize = 256 << 10

    /// Adds the routes to `api`.
    func add(to api: RouterGroup<ChanceryRequestContext>) {
        api.get("v1/data") { request, context in
            let parameters = try IntdashDataRequest(request)
            let entries = try await visibleMeasurements(named: parameters.name, in: parameters.timeRange, context: context)
            var signals: [Signal] = []
            for label in parameters.labels {
                guard let signal = try await self.signals.signal(labelled: label) else {
                    throw APIError(.badRequest, "no signal is labelled '\(label)'")
                }
                signals.append(signal)
            }
            return try await answer(parameters, entries: entries, selector: IntdashDataSelector(idQueries: parameters.idQueries, signals: signals))
        }
        api.get("v1/data_ids") { request, context in
            guard let name = IntdashQuery(request).string("name") else { throw APIError(.badRequest, "name (a measurement UUID) is required") }
            guard let uuid = UUID(uuidString: name),
                let entry = try await measurements.measurement(uuid, visibleTo: try context.requirePrincipal())
            else {
                throw APIError(.notFound, "no measurement '\(name)'")
            }
            return IntdashItemList(items: try await store.dataIDs(of: entry.uuid).map(IntdashDataIDResource.init))
        }
    }

    /// The measurements `name` stands for: the measurement with that UUID, or else the
    /// measurements of the edge with that UUID or name whose spans can overlap `timeRange`;
    /// 404 when the caller may see none of these things.
    private func visibleMeasurements(
        named name: String, in timeRange: Range<Int64>, context: ChanceryRequestContext
    ) async throws -> [MeasurementDirectoryEntry] {
        let principal = try context.requirePrincipal()
        if let uuid = UUID(uuidString: name), let entry = try await measurements.measurement(uuid, visibleTo: principal) {
            return [entry]
        }
        guard let entries = try await measurements.measurements(ofEdge: name, overlapping: timeRange, visibleTo: principal) else {
            throw APIError(.notFound, "no measurement or edge '\(name)'")
        }
        return entries
    }

    /// The streamed answer to `parameters` over the measurements `entries`, whose points
    /// `selector` turns into answers.
    private func answer(
        _ parameters: IntdashDataRequest, entries: [MeasurementDirectoryEntry], selector: IntdashDataSelector
    ) async throws -> Response {
        let initialSelection = IntdashPointSelection(since: parameters.since, period: parameters.period, limit: parameters.limit)
        // Every point read gives at least one answer, so no query needs more than `limit`.
        let storeLimit = initialSelection.isLimitOnly ? parameters.limit : nil
        var sources: [IntdashMergedPoints.Source] = []
        for entry in entries {
            var filters: [TelemetryDataFilter]?
            if !selector.selectsEverything {
                let stored = try await store.dataIDs(of: entry.uuid).map(\.dataID)
                filters = stored.filter(selector.wants).map { TelemetryDataFilter(name: $0.name, type: $0.type) }
                if filters?.isEmpty == true { continue }
            }
            let points = store.points(
                measurement: entry.uuid, elapsedRange: parameters.elapsedRange(baseTime: entry.baseTime ?? 0), dataIDs: filters,
                order: parameters.order, limit: storeLimit
            )
            sources.append(IntdashMergedPoints.Source(entry: entry, points: points))
        }
        let merged = IntdashMergedPoints(sources: sources, order: parameters.order)
        let exitOnError = parameters.exitOnError
        let encoding = parameters.encoding
        let timeFormat = parameters.timeFormat
        // When every point is its own answer and only the limit can leave one out, a point with
        // a Float or Int value is written from the batch's plain values: no answer is made for it.
        let everyPoint = selector.selectsEverything && initialSelection.isLimitOnly
        let body = ResponseBody { writer in
            var buffer = ByteBuffer()
            // The buffer written last. It and `buffer` take turns: by the time `buffer` is full
            // the channel has usually let go of this one, whose memory is then filled again
            // instead of hundreds of kilobytes being allocated (and their pages zeroed by the
            // kernel) for every write.
            var written = ByteBuffer()
            var selection = initialSelection
            var points = merged.makeIterator()
            var answers: [(response: IntdashDataResponse, isError: Bool)] = []
            var output = IntdashDataAnswerWriter(encoding: encoding, timeFormat: timeFormat)
            do {
                reading: while true {
                    let batch = try await points.nextBatch()
                    if batch.isEmpty { break }
                    output.begin(batch)
                    var index = 0
                    while index < batch.answers.count {
                        if everyPoint, batch.answers[index].value != nil {
                            let given = selection.givenCount
                            guard given > 0 else { break reading }
                            let count = output.writeValues(from: index, of: batch, limit: given, fullSize: Self.flushSize, into: &buffer)
                            selection.countGiven(count)
                            index += count
                        } else if selector.selectsEverything {
                            // Each point is its only answer: no list of answers is made for it.
                            if selection.isComplete { break reading }
                            let response = batch.response(at: index)
                            if selection.admits(response) { output.write(response, into: &buffer) }
                            index += 1
                        } else {
                            selector.answers(for: batch.response(at: index), into: &answers)
                            for (response, isError) in answers {
                                if selection.isComplete { break reading }
                                guard selection.admits(response) else { continue }
                                output.write(response, into: &buffer)
                                if isError, exitOnError { break reading }
                            }
                            index += 1
                        }
                        if buffer.readableBytes >= Self.flushSize {
                            try await writer.write(buffer)
                            swap(&buffer, &written)
                            buffer.clear(minimumCapacity: Self.flushSize + Self.flushSize / 4)
                        }
                    }
                }
            } catch let failure as IntdashMergedPoints.ReadFailure {
                let value = IntdashDataError.storedData(failure.error.description)
                output.write(IntdashDataResponse(error: value, measurementUUID: failure.measurementUUID, time: 0), into: &buffer)
            }
            output.finish(into: &buffer)
            try await writer.write(buffer)
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: encoding.contentType], body: body)
    }
}
