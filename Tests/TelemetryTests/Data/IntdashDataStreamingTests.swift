import ChanceryTestSupport
import Foundation
import HTTPTypes
import ISCP
import JSON
import NIOCore
import Testing

@testable import Telemetry

/// `GET /v1/data` goes through the store's chunks a batch at a time and writes each batch's
/// answers in one go; what it sends must be, byte for byte, what answering the points one at a
/// time gives: each point read from the store's sequence on its own, made an answer, merged
/// with the other measurements' by time and encoded on its own (as protobuf, by the generated
/// message). The stored chunks hold more kinds of answer than a writer keeps frames of, their
/// points interleaved.
@Suite struct IntdashDataStreamingTests {
    /// A second measurement of the same edge, whose points fall between the first one's.
    static let second = UUID(uuidString: "bbbbbbbb-cccc-dddd-eeee-ffffffffffff")!
    /// Its base time: 1.5 ms after the first measurement's.
    static let secondBaseTime = DataAPITestApp.baseTime + 1_500_000

    @Test func theStreamedAnswerIsTheOneOfPointsEncodedOneAtATime() async throws {
        try await DataAPITestApp.with { app in
            await app.directory.add(Self.second, edgeUUID: DataAPITestApp.edge, baseTime: Self.secondBaseTime, readers: ["alice"])
            try await Self.store(app.store, measurement: DataAPITestApp.measurement, seed: 1)
            try await Self.store(app.store, measurement: Self.second, seed: 2)
            let measurementName = "name=" + DataAPITestApp.measurement.uuidString.lowercased()
            let edgeName = "name=" + DataAPITestApp.edge
            let queries: [(query: String, measurements: [UUID], order: TelemetryQueryOrder, wanted: (IntdashDataResponse) -> Bool, limit: Int?)] = [
                (measurementName, [DataAPITestApp.measurement], .ascending, { _ in true }, nil),
                (measurementName + "&limit=61", [DataAPITestApp.measurement], .ascending, { _ in true }, 61),
                (edgeName, [DataAPITestApp.measurement, Self.second], .ascending, { _ in true }, nil),
                (edgeName + "&idq=11:*/*&order=desc", [DataAPITestApp.measurement, Self.second], .descending, { $0.dataType == 11 }, nil),
                (edgeName + "&idq=*:3/*&limit=77", [DataAPITestApp.measurement, Self.second], .ascending, { $0.channel == 3 }, 77),
            ]
            for (query, measurements, order, wanted, limit) in queries {
                var answers = try await Self.pointByPoint(app.store, measurements: measurements, order: order).filter(wanted)
                if let limit { answers = Array(answers.prefix(limit)) }
                #expect(answers.count > 40, "\(query) answers too few points to span several chunks")

                var protobuf = ByteBuffer()
                for answer in answers { protobuf.writeImmutableBuffer(try answer.generatedProtobufAnswer()) }
                var headers = app.alice
                headers[.accept] = "application/protobuf"
                #expect(try await app.call(.get, "/v1/data?" + query, headers).body == Array(protobuf.readableBytesView), "\(query) as protobuf")

                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                for format in [IntdashTimeFormat.microseconds, .rfc3339] {
                    var lines: [UInt8] = []
                    for answer in answers { lines += try encoder.encode(answer.referenceJSON(timeFormat: format)) + [UInt8(ascii: "\n")] }
                    headers[.accept] = "application/x-ndjson"
                    let streamed = try await app.call(.get, "/v1/data?\(query)&time_format=\(format.rawValue)", headers).body
                    #expect(streamed == lines, "\(query) as JSON lines, time format \(format.rawValue)")
                }
                let array = try await app.call(.get, "/v1/data?" + query, app.alice).body
                #expect(array == Array(try encoder.encode(answers.map { $0.referenceJSON(timeFormat: .microseconds) })), "\(query) as a JSON array")
            }
        }
    }

    /// An answer of several megabytes is written in many parts, and answers whose kind's frame
    /// is larger than the room the writer asks of its buffer at a time (a data id of 60,000
    /// control characters, six bytes each in JSON) go in whether or not the buffer's free bytes
    /// hold them: the bytes are still those of the points encoded one at a time.
    @Test func answersOfManyWritesAndFramesLargerThanAWriteAreTheOnesOfPointsEncodedOneAtATime() async throws {
        try await DataAPITestApp.with { app in
            let upstream = TelemetryUpstream(streamID: UUID(), sessionID: DataAPITestApp.measurement.uuidString.lowercased(), sourceNodeID: "test")
            let wide = TelemetryDataID(name: "2/" + String(repeating: "\u{1}", count: 60_000), type: "float64")
            let groups = [
                TelemetryDataPointGroup(
                    dataID: TelemetryDataID(name: "1/speed", type: "float64"),
                    dataPoints: (0..<15_000).map { TelemetryDataPoint(elapsedTime: Int64($0) * 1_000, payload: Self.payload(Double($0) / 7)) }),
                TelemetryDataPointGroup(
                    dataID: wide,
                    dataPoints: (0..<12).map { TelemetryDataPoint(elapsedTime: Int64($0) * 1_000_000 + 500, payload: Self.payload(.pi)) }),
            ]
            try await app.store.append(TelemetryChunk(upstream: upstream, sequenceNumber: 1, groups: groups), measurement: DataAPITestApp.measurement)
            let answers = try await Self.pointByPoint(app.store, measurements: [DataAPITestApp.measurement], order: .ascending)
            #expect(answers.count == 15_012)
            let query = "/v1/data?name=" + DataAPITestApp.measurement.uuidString.lowercased()

            var protobuf = ByteBuffer()
            for answer in answers { protobuf.writeImmutableBuffer(try answer.generatedProtobufAnswer()) }
            var headers = app.alice
            headers[.accept] = "application/protobuf"
            #expect(try await app.call(.get, query, headers).body == Array(protobuf.readableBytesView), "as protobuf")

            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            var lines: [UInt8] = []
            for answer in answers { lines += try encoder.encode(answer.referenceJSON(timeFormat: .microseconds)) + [UInt8(ascii: "\n")] }
            #expect(lines.count > 2 << 20, "the answer is written in several parts")
            headers[.accept] = "application/x-ndjson"
            #expect(try await app.call(.get, query, headers).body == lines, "as JSON lines")
            let array = try await app.call(.get, query, app.alice).body
            #expect(array == Array(try encoder.encode(answers.map { $0.referenceJSON(timeFormat: .microseconds) })), "as a JSON array")
        }
    }

    /// The payload of a float64 point: its bits, big-endian.
    static func payload(_ value: Double) -> [UInt8] {
        withUnsafeBytes(of: value.bitPattern.bigEndian, Array.init)
    }

    /// Stores chunks of two streams whose times interleave, over data ids of several types on
    /// channels 1 to 4 (floats JSON writes in several forms, an int, strings that need escaping in JSON, bytes) and one
    /// whose type iSCP 1.0 does not name, some chunks of a stream overlapping in time.
    static func store(_ store: TelemetryDataStore, measurement: UUID, seed: UInt64) async throws {
        var random = SeededGenerator(seed: seed)
        let dataIDs = [
            TelemetryDataID(name: "1/speed", type: "float64"), TelemetryDataID(name: "2/count", type: "int64"),
            TelemetryDataID(name: "3/label", type: "string"), TelemetryDataID(name: "4/blob", type: "bytes"),
            TelemetryDataID(name: "free form", type: "custom"),
        ]
        let floats: [Double] = [0, -0.0, 1, -2.5, 1.5e-7, 3.141592653589793, 1e21, 123_456_789.125, .nan, .infinity, -.infinity]
        let texts = ["plain", "quote \" and \\ slash / tab \t newline \n", "ünï \u{1}\u{1f} 名前 🎈", ""]
        for stream in 0..<2 {
            let upstream = TelemetryUpstream(streamID: UUID(), sessionID: measurement.uuidString.lowercased(), sourceNodeID: "test")
            for sequence in 0..<4 {
                var groups: [TelemetryDataPointGroup] = []
                for (index, dataID) in dataIDs.enumerated() {
                    let points = (0..<(5 + random.next(below: 6))).map { step -> TelemetryDataPoint in
                        // Chunks overlap by half their span, and the two streams interleave.
                        let elapsed = Int64(sequence * 500_000 + step * 90_000 + index * 7_000 + stream * 3_000)
                        let payload: [UInt8] =
                            switch dataID.type {
                            case "float64": withUnsafeBytes(of: floats[random.next(below: floats.count)].bitPattern.bigEndian, Array.init)
                            case "int64": withUnsafeBytes(of: (Int64(random.next(below: 1 << 50)) - (1 << 49)).bigEndian, Array.init)
                            case "string": Array(texts[random.next(below: texts.count)].utf8)
                            default: (0..<random.next(below: 12)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
                            }
                        return TelemetryDataPoint(elapsedTime: elapsed, payload: payload)
                    }
                    groups.append(TelemetryDataPointGroup(dataID: dataID, dataPoints: points))
                }
                try await store.append(
                    TelemetryChunk(upstream: upstream, sequenceNumber: UInt32(sequence + 1), groups: groups), measurement: measurement)
            }
        }
    }

    /// The answers for every point of `measurements`, each read from the store's sequence on
    /// its own, in one order of absolute time (points of the same time in the order of the
    /// measurements given).
    static func pointByPoint(_ store: TelemetryDataStore, measurements: [UUID], order: TelemetryQueryOrder) async throws -> [IntdashDataResponse] {
        var answers: [IntdashDataResponse] = []
        for measurement in measurements {
            let baseTime = measurement == second ? secondBaseTime : DataAPITestApp.baseTime
            for try await stored in store.points(measurement: measurement, order: order) {
                answers.append(
                    IntdashDataResponse(
                        stored, measurementUUID: measurement.uuidString.lowercased(), baseTime: baseTime, view: ISCP1DataIDView(stored.dataID)
                    ))
            }
        }
        // A stable sort keeps each measurement's order and, for equal times, the measurements'.
        let sorted = answers.enumerated().sorted { first, second in
            if first.element.time != second.element.time {
                return order == .ascending ? first.element.time < second.element.time : first.element.time > second.element.time
            }
            return first.offset < second.offset
        }
        return sorted.map(\.element)
    }
}

extension IntdashDataResponse {
    /// The JSON object of the answer, which `JSONEncoder` (sorted keys, unescaped slashes)
    /// turns into the reference text: how the endpoint wrote its JSON answers before
    /// ``IntdashDataJSONWriter`` wrote the text itself. `data` is `{"d": value}` for the Float,
    /// Int and String types (`"NaN"`, `"Infinity"`, `"-Infinity"` for floats JSON cannot hold),
    /// and the base64 of the value (Bytes) or of the whole payload (other types).
    func referenceJSON(timeFormat: IntdashTimeFormat) -> JSONValue {
        let data: JSONValue =
            switch try? ISCP1Payload(rawDataType: dataType, decoding: payload) {
            case .float(let value):
                value.value.isFinite ? .number(value.value) : .string(value.value.isNaN ? "NaN" : value.value > 0 ? "Infinity" : "-Infinity")
            case .int(let value): .integer(Int(value.value))
            case .string(let value): .string(value.value)
            case .bytes(let value): .string(Data(value.value).base64EncodedString())
            default: .string(Data(payload).base64EncodedString())
            }
        return .object([
            "time": timeFormat.json(nanoseconds: time),
            "measurement_uuid": .string(measurementUUID),
            "created_at": .string(IntdashTimestamp.string(createdAt)),
            "data_type": .integer(Int(dataType)),
            "channel": .integer(Int(channel)),
            "data_id": .string(dataID),
            "data": .object(["d": data]),
        ])
    }
}
