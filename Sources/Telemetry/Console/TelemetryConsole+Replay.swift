import Foundation
import HTTPSupport
import Hummingbird
import NIOCore

/// `GET /telemetry/measurements/{uuid}/points`: the stored points a replay plays back.
extension TelemetryConsole {
    /// How many points a replay loads when it does not say.
    static let defaultPointLimit = 50_000
    /// The most points one request may ask for.
    static let maximumPointLimit = 200_000
    /// The most data ids one request may name.
    static let maximumDataIDCount = 32
    /// How many points go into one write of the response.
    private static let pointsPerWrite = 1000

    /// The points of the measurement the route names, of the data ids `data=type:name` names
    /// (repeated), in time order, from elapsed time `from` up to `to` (in seconds; the whole
    /// measurement by default), at most `limit` (``defaultPointLimit`` by default), as JSON
    /// written while the store is read:
    ///
    /// ```json
    /// {"measurement": "…", "points": [["float64:1/speed", 1000000, 12.5], ["string:2/label", 5000000, null]], "truncated": false}
    /// ```
    ///
    /// Each point is its data id, its elapsed time in nanoseconds and its number
    /// (``TelemetryPlotValue``), `null` when it has none. `truncated` says that more points
    /// matched than the limit let through.
    func points(_ request: Request, context: ChanceryRequestContext) async throws -> Response {
        let (_, scope) = try Self.viewer(of: context)
        let parameters = FormEncodedQuery(request.uri.query)
        let wanted = try Self.dataIDs(parameters.all("data"), limit: Self.maximumDataIDCount)
        let limit = try Self.pointLimit(parameters["limit"])
        let elapsedRange = try Self.elapsedRange(from: parameters["from"], to: parameters["to"])
        let (measurement, uuid) = try await visibleMeasurement(context: context, scope: scope)
        let filters = wanted.map { TelemetryDataFilter(name: $0.name, type: $0.type) }
        let stream = data.points(measurement: uuid, elapsedRange: elapsedRange, dataIDs: filters, limit: limit + 1)
        let exact = Set(wanted)
        let body = ResponseBody { writer in
            var buffer = ByteBuffer(string: "{\"measurement\":\(Self.jsonString(measurement.uuid)),\"points\":[")
            var written = 0
            var truncated = false
            for try await stored in stream where exact.contains(stored.dataID) {
                guard written < limit else {
                    truncated = true
                    break
                }
                if written > 0 { buffer.writeString(",") }
                buffer.writeString(Self.jsonPoint(stored.dataID, stored.dataPoint))
                written += 1
                if written % Self.pointsPerWrite == 0 {
                    try await writer.write(buffer)
                    buffer.clear()
                }
            }
            buffer.writeString("],\"truncated\":\(truncated)}")
            try await writer.write(buffer)
            try await writer.finish(nil)
        }
        return Response(
            status: .ok,
            headers: [.contentType: "application/json", .cacheControl: "no-store", .xContentTypeOptions: "nosniff"],
            body: body
        )
    }

    /// One point as the JSON array `[dataID, elapsedTime, number or null]`.
    static func jsonPoint(_ dataID: TelemetryDataID, _ point: TelemetryDataPoint) -> String {
        let number = TelemetryPlotValue.number(type: dataID.type, payload: point.payload).map { "\($0)" } ?? "null"
        return "[\(jsonString(dataID.description)),\(point.elapsedTime),\(number)]"
    }

    /// `text` as a JSON string.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "<": result += "\\u003c"
            default:
                if scalar.value < 0x20 {
                    result += String(format: "\\u%04x", scalar.value)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }

    /// The elapsed times, in nanoseconds, from `from` up to `to` (seconds, either empty for no
    /// bound on its side).
    ///
    /// - Throws: 400 when a bound is not a number of seconds from 0 on, or `to` is not after
    ///   `from`.
    static func elapsedRange(from: String?, to: String?) throws -> Range<Int64> {
        func nanoseconds(_ text: String?, _ name: String) throws -> Int64? {
            guard let text, !text.isEmpty else { return nil }
            guard let seconds = Double(text), seconds.isFinite, seconds >= 0, seconds < Double(Int64.max) / 1e9 else {
                throw APIError(.badRequest, "'\(name)' must be a number of seconds of elapsed time, 0 or more.")
            }
            return Int64((seconds * 1e9).rounded())
        }
        let lower = try nanoseconds(from, "from") ?? Int64.min
        let upper = try nanoseconds(to, "to") ?? Int64.max
        guard lower < upper else { throw APIError(.badRequest, "'to' must come after 'from'.") }
        return lower..<upper
    }

    /// The limit `text` asks for, ``defaultPointLimit`` when none.
    ///
    /// - Throws: 400 when it is not a whole number from 1 to ``maximumPointLimit``.
    private static func pointLimit(_ text: String?) throws -> Int {
        guard let text, !text.isEmpty else { return defaultPointLimit }
        guard let limit = Int(text), (1...maximumPointLimit).contains(limit) else {
            throw APIError(.badRequest, "'limit' must be a whole number from 1 to \(maximumPointLimit).")
        }
        return limit
    }
}
