import Foundation
import HTTPSupport
import Hummingbird

/// The parameters of `GET /v1/data`, read with 400 errors for bad values.
struct IntdashDataRequest: Sendable {
    /// How the answer is written.
    enum Encoding: Sendable {
        /// `[u64 little-endian length][DataResponseProto]` per point: `Accept: application/protobuf`.
        case protobuf
        /// One JSON object per line: `Accept: application/x-ndjson` or `application/jsonl`.
        case jsonLines
        /// One JSON array of objects: any other `Accept`.
        case jsonArray

        /// The answer's `Content-Type`.
        var contentType: String {
            switch self {
            case .protobuf: "application/protobuf"
            case .jsonLines: "application/x-ndjson"
            case .jsonArray: "application/json; charset=utf-8"
            }
        }
    }

    /// What is read (`name`): a measurement UUID, or an edge's UUID or name.
    let name: String
    /// The first time wanted, in nanoseconds since 1970-01-01T00:00:00Z, inclusive (`start`).
    let start: Int64?
    /// The time the wanted ones are before, exclusive (`end`).
    let end: Int64?
    /// The data ids wanted raw (`idq`, repeatable).
    let idQueries: [IntdashIDQuery]
    /// The labels of the signals wanted (`label`, repeatable). With neither `idq` nor `label`
    /// every point is wanted raw.
    let labels: [String]
    /// Only points stored at or after this time (`since`, like `start`).
    let since: Date?
    /// At most one point per data id in each window of this many nanoseconds (`period`, given
    /// in microseconds).
    let period: Int64?
    /// The most points answered (`limit`).
    let limit: Int?
    /// Time order (`order`: `asc`, the default, or `desc`).
    let order: TelemetryQueryOrder
    /// Whether the answer ends at the first error point (`exit_on_error`).
    let exitOnError: Bool
    /// How JSON writes times (`time_format`, default `us`).
    let timeFormat: IntdashTimeFormat
    /// The answer's encoding.
    let encoding: Encoding

    /// Reads the parameters of `request`.
    init(_ request: Request) throws {
        let query = IntdashQuery(request)
        guard let name = query.string("name") else {
            throw APIError(.badRequest, "name (a measurement UUID, or an edge's UUID or name) is required")
        }
        self.name = name
        start = try Self.time(query, "start")
        end = try Self.time(query, "end")
        let parameters = request.uri.queryParameters
        var queries: [IntdashIDQuery] = []
        for text in parameters.getAll("idq") where !text.isEmpty {
            do {
                queries.append(try IntdashIDQuery(parsing: text))
            } catch {
                throw APIError(.badRequest, error.description)
            }
        }
        idQueries = queries
        labels = parameters.getAll("label").filter { !$0.isEmpty }
        since = try Self.time(query, "since").map { Date(timeIntervalSince1970: Double($0) / 1e9) }
        period = try query.integer("period", in: 1...(Int64.max / 1000)).map { $0 * 1000 }
        limit = try query.integer("limit", in: 1...Int64(Int32.max)).map { Int($0) }
        order = try query.value("order", as: TelemetryQueryOrder.self) ?? .ascending
        timeFormat = try query.value("time_format", as: IntdashTimeFormat.self) ?? .microseconds
        exitOnError = try query.bool("exit_on_error") ?? false
        let accept = request.headers[.accept]?.lowercased() ?? ""
        if accept.contains("application/protobuf") || accept.contains("application/x-protobuf") {
            encoding = .protobuf
        } else if accept.contains("application/x-ndjson") || accept.contains("application/jsonl") {
            encoding = .jsonLines
        } else {
            encoding = .jsonArray
        }
    }

    /// The absolute time range of the request, in nanoseconds since 1970-01-01T00:00:00Z.
    var timeRange: Range<Int64> {
        let lower = start ?? .min
        return lower..<max(lower, end ?? .max)
    }

    /// The elapsed range of the request for a measurement whose base time is `baseTime`.
    func elapsedRange(baseTime: Int64) -> Range<Int64> {
        let lower = start.map { Self.elapsed($0, baseTime) } ?? .min
        let upper = end.map { Self.elapsed($0, baseTime) } ?? .max
        return lower..<max(lower, upper)
    }

    /// `time - baseTime`, clamped to the range of `Int64`.
    private static func elapsed(_ time: Int64, _ baseTime: Int64) -> Int64 {
        let (difference, overflow) = time.subtractingReportingOverflow(baseTime)
        return overflow ? (time < baseTime ? .min : .max) : difference
    }

    /// A time parameter: RFC 3339, or a whole number of microseconds since 1970-01-01T00:00:00Z.
    private static func time(_ query: IntdashQuery, _ name: String) throws -> Int64? {
        guard let text = query.string(name) else { return nil }
        if let nanoseconds = IntdashTimestamp.nanoseconds(parsing: text) { return nanoseconds }
        if let microseconds = Int64(text) {
            let (nanoseconds, overflow) = microseconds.multipliedReportingOverflow(by: 1000)
            if !overflow { return nanoseconds }
        }
        throw APIError(.badRequest, "\(name) must be an RFC 3339 time or microseconds since 1970, not '\(text)'")
    }
}
