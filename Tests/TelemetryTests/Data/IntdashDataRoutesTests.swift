import ChanceryTestSupport
import Foundation
import HTTPTypes
import ISCP
import SwiftProtobuf
import Testing

@testable import Telemetry

@Suite struct IntdashDataRoutesTests {
    /// specs/intdash.md §2.2: SOS(1, 0), an Int unit `x` = 42 at 1.5 s on channel 1, EOS(1, 0).
    static let section = bytes(hex: "aaf90100000000" + "aa0301010c0200029435772801782a00000000000000" + "aaf8010000000000")
    static let path = "/v1/measurements/\(DataAPITestApp.measurement.uuidString.lowercased())/data"
    static let name = "name=" + DataAPITestApp.measurement.uuidString.lowercased()

    @Test func anISCP1UploadIsAcknowledgedAndReadBackAsProtobuf() async throws {
        try await DataAPITestApp.with { app in
            let upload = try await app.call(.post, Self.path, app.alice, body: Self.section)
            #expect(upload.status == .ok)
            #expect(upload.body == bytes(hex: "aafa010000000000"))
            let points = try await app.protobufPoints(Self.name, app.alice)
            try #require(points.count == 1)
            #expect(points[0].time.seconds == 1_609_459_201)
            #expect(points[0].time.nanos == 500_000_000)
            #expect(points[0].dataType == "12")
            #expect(points[0].dataID == "1/x")
            #expect([UInt8](points[0].dataPayload) == bytes(hex: "01782a00000000000000"))
            #expect(points[0].measurementUuid == DataAPITestApp.measurement.uuidString.lowercased())
            #expect(abs(points[0].createdAt.date.timeIntervalSinceNow) < 60)
        }
    }

    @Test func jsonAnswersCarryTheDecodedValueInTheAskedTimeFormat() async throws {
        try await DataAPITestApp.with { app in
            _ = try await app.call(.post, Self.path, app.alice, body: Self.section)
            let array = try await app.call(.get, "/v1/data?" + Self.name, app.alice)
            #expect(array.headers[.contentType] == "application/json; charset=utf-8")
            let items = try #require(array.json as? [[String: Any]])
            try #require(items.count == 1)
            #expect(items[0]["time"] as? Int == 1_609_459_201_500_000)
            #expect(items[0]["data_type"] as? Int == 12)
            #expect(items[0]["channel"] as? Int == 1)
            #expect(items[0]["data_id"] as? String == "x")
            #expect((items[0]["data"] as? [String: Any])?["d"] as? Int == 42)
            #expect(items[0]["measurement_uuid"] as? String == DataAPITestApp.measurement.uuidString.lowercased())

            var lines = app.alice
            lines[.accept] = "application/x-ndjson"
            let ndjson = try await app.call(.get, "/v1/data?\(Self.name)&time_format=rfc3339", lines)
            let text = String(decoding: ndjson.body, as: UTF8.self)
            #expect(text.hasSuffix("}\n"))
            let line = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8.dropLast())) as? [String: Any])
            #expect(line["time"] as? String == "2021-01-01T00:00:01.500000000Z")
            let seconds = try await app.call(.get, "/v1/data?\(Self.name)&time_format=s", app.alice)
            #expect((seconds.json as? [[String: Any]])?.first?["time"] as? Int == 1_609_459_201)
        }
    }

    @Test func baseTimeUnitsAndFinalSectionsReachTheRecorder() async throws {
        try await DataAPITestApp.with { app in
            let encoder = ISCP1Encoder()
            let body = try encoder.encode([
                .startOfSection(ISCP1StartOfSection(streamID: 1, serialNumber: 4)),
                // specs/intdash.md §2.2: a base time unit, edge_rtc 2021-01-01T00:00:00Z.
                .unit(
                    try #require(
                        try ISCP1Decoder().decode(bytes(hex: "aa0301018700000200000024010066ee5f00000000")).first.flatMap { element -> ISCP1Unit? in
                            if case .unit(let unit) = element { return unit }
                            return nil
                        })),
                .unit(
                    try ISCP1Unit(
                        streamID: 1, channel: 2, elapsedTime: ISCP1ElapsedTime(nanoseconds: 2_000_000_000, precision: .milliseconds),
                        payload: .float(ISCP1IdentifiedValue(id: "speed", value: 1.5))
                    )),
                .endOfSection(ISCP1EndOfSection(streamID: 1, isFinal: true, serialNumber: 4)),
            ])
            let upload = try await app.call(.post, Self.path, app.alice, body: body)
            #expect(upload.body == (try encoder.encode([.sectionAck(ISCP1SectionAck(streamID: 1, resultCode: .ok, serialNumber: 4))])))
            let baseTimes = await app.recording.baseTimes
            #expect(baseTimes.map(\.baseTime) == [1_609_459_200_000_000_000])
            #expect(baseTimes.map(\.name) == ["edge_rtc"])
            #expect(await app.recording.endedSessions == [DataAPITestApp.measurement.uuidString.lowercased()])
            let points = try await app.store.allPoints(of: DataAPITestApp.measurement)
            #expect(points.map(\.dataID) == [TelemetryDataID(name: "2/speed", type: "float64")])
            #expect(points.map(\.dataPoint.elapsedTime) == [2_000_000_000])
        }
    }

    @Test func storeProtoUploadsAreStoredSectionBySection() async throws {
        try await DataAPITestApp.with { app in
            var message = IntdashStoreProto()
            message.measUuid = DataAPITestApp.measurement.uuidString
            message.serialNumber = 0
            message.measEnd = true
            message.sectionEnd = true
            message.sectionTotalCount = Google_Protobuf_UInt32Value(1)
            var point = IntdashDataPointProto()
            point.elapsedTime = 250_000_000
            point.channel = 3
            point.dataType = UInt32(ISCP1DataType.string.rawValue)
            point.dataPayload = Data(try ISCP1Payload.string(ISCP1IdentifiedValue(id: "note", value: "hello")).encoded())
            message.dataPoints = [point]
            var later = IntdashSectionProto()
            later.serialNumber = 1
            var second = point
            second.elapsedTime = 750_000_000
            later.dataPoints = [second]
            message.sections = [later]
            var headers = app.alice
            headers[.contentType] = "application/protobuf"
            let upload = try await app.call(.post, "/v1/measurements/data", headers, body: try message.serializedBytes())
            #expect(upload.status == .ok)
            #expect(
                upload.body
                    == (try ISCP1Encoder().encode([
                        .sectionAck(ISCP1SectionAck(streamID: 1, resultCode: .ok, serialNumber: 0)),
                        .sectionAck(ISCP1SectionAck(streamID: 1, resultCode: .ok, serialNumber: 1)),
                    ])))
            #expect(await app.recording.endedSessions.count == 1)
            let items = try #require(try await app.call(.get, "/v1/data?\(Self.name)&time_format=ns", app.alice).json as? [[String: Any]])
            #expect(items.map { $0["time"] as? Int } == [1_609_459_200_250_000_000, 1_609_459_200_750_000_000])
            #expect(items.map { ($0["data"] as? [String: Any])?["d"] as? String } == ["hello", "hello"])
            #expect(items.map { $0["data_id"] as? String } == ["note", "note"])
        }
    }

    @Test func reSentSequenceChunksAreStoredOnce() async throws {
        try await DataAPITestApp.with { app in
            var message = IntdashStoreDataChunks()
            message.measUuid = DataAPITestApp.measurement.uuidString.lowercased()
            message.sequenceUuid = UUID().uuidString
            message.chunks = (1...3).map { sequence in
                var chunk = IntdashStoreDataChunk()
                chunk.sequenceNumber = UInt32(sequence)
                var group = IntdashStoreDataPointGroup()
                group.dataID.name = "v2/temperature"
                group.dataID.type = "float64"
                var point = IntdashStoreDataPoint()
                point.elapsedTime = Int64(sequence) * 1000
                point.payload = Data([0x3f, 0xf0, 0, 0, 0, 0, 0, 0])
                group.dataPoints = [point]
                chunk.dataPointGroups = [group]
                return chunk
            }
            for _ in 0..<2 {
                let answer = try await app.call(.post, "/v1/measurements/sequences/chunks", app.alice, body: try message.serializedBytes())
                #expect(answer.status == .ok)
                #expect(answer.object["sequence_numbers"] as? [Int] == [1, 2, 3])
            }
            let points = try await app.store.allPoints(of: DataAPITestApp.measurement)
            #expect(points.map(\.dataPoint.elapsedTime) == [1000, 2000, 3000])
            // An iSCP v2 data id reads back through the iSCP 1.0 view: Float on channel 0.
            let protobuf = try await app.protobufPoints(Self.name, app.alice)
            #expect(protobuf.map(\.dataType) == ["11", "11", "11"])
            #expect(protobuf.first?.dataID == "0/v2/temperature")
        }
    }

    @Test func idQueriesRangesLimitsAndOrderSelectPoints() async throws {
        try await DataAPITestApp.with { app in
            let encoder = ISCP1Encoder()
            var elements: [ISCP1Element] = [.startOfSection(ISCP1StartOfSection(streamID: 1, serialNumber: 0))]
            for second in 0..<5 {
                let elapsed = ISCP1ElapsedTime(nanoseconds: UInt64(second) * 1_000_000_000, precision: .nanoseconds)
                elements.append(
                    .unit(
                        try ISCP1Unit(
                            streamID: 1, channel: 1, elapsedTime: elapsed, payload: .int(ISCP1IdentifiedValue(id: "count", value: Int64(second))))))
                elements.append(
                    .unit(
                        try ISCP1Unit(
                            streamID: 1, channel: 2, elapsedTime: elapsed, payload: .float(ISCP1IdentifiedValue(id: "speed", value: Double(second)))))
                )
            }
            elements.append(.endOfSection(ISCP1EndOfSection(streamID: 1, isFinal: false, serialNumber: 0)))
            #expect(try await app.call(.post, Self.path, app.alice, body: try encoder.encode(elements)).status == .ok)

            func ids(_ query: String) async throws -> [String] {
                try await app.protobufPoints(Self.name + query, app.alice).map(\.dataID)
            }
            #expect(try await ids("&idq=12:1/count").count == 5)
            #expect(try await ids("&idq=11:*/*") == Array(repeating: "2/speed", count: 5))
            #expect(try await ids("&idq=*:2/speed&idq=12:*/count").count == 10)
            #expect(try await ids("&idq=12:2/*").isEmpty)
            // 2021-01-01T00:00:01Z ≤ time < 2021-01-01T00:00:03Z, as RFC 3339 and as microseconds.
            #expect(try await ids("&start=2021-01-01T00:00:01.000000000Z&end=2021-01-01T00:00:03Z&idq=12:1/count").count == 2)
            #expect(try await ids("&start=1609459201000000&end=1609459203000000").count == 4)
            let latest = try await app.protobufPoints(Self.name + "&order=desc&limit=3&idq=11:2/speed", app.alice)
            #expect(latest.map(\.time.seconds) == [1_609_459_204, 1_609_459_203, 1_609_459_202])

            let dataIDs = try await app.call(.get, "/v1/data_ids?" + Self.name, app.alice)
            let items = try #require(dataIDs.object["items"] as? [[String: Any]])
            #expect(items.map { $0["data_id"] as? String } == ["count", "speed"])
            #expect(items.map { $0["data_type"] as? Int } == [12, 11])
            #expect(items.map { $0["count"] as? Int } == [5, 5])
            #expect(items.map { $0["last_elapsed_time"] as? Int } == [4_000_000, 4_000_000])
        }
    }

    @Test func labelsAnswerTheirSignalsConvertedValuesAndConversionErrors() async throws {
        try await DataAPITestApp.with { app in
            await app.signals.add("json_v", dataType: 10, channel: 1, dataID: "json", conversion: .json(fieldPath: "a.v", valueType: .number))
            // intdash's examples write CAN ids in uppercase; this server answers them in lowercase.
            let brake = SignalConversion.fixedPoint(startBit: 1, bitSize: 1, endian: .little, isSigned: false, scale: 1, offset: 0)
            await app.signals.add("brake", dataType: 1, channel: 3, dataID: "0000014A", conversion: brake)
            await app.signals.add("pedal", dataType: 1, channel: 3, dataID: "0000014a", conversion: .subBytes(startByte: 1, byteSize: 1))
            func unit(_ milliseconds: UInt64, _ channel: UInt8, _ payload: ISCP1Payload) throws -> ISCP1Element {
                .unit(
                    try ISCP1Unit(
                        streamID: 1, channel: channel, elapsedTime: ISCP1ElapsedTime(nanoseconds: milliseconds * 1_000_000, precision: .nanoseconds),
                        payload: payload
                    ))
            }
            let body = try ISCP1Encoder().encode([
                .startOfSection(ISCP1StartOfSection(streamID: 1, serialNumber: 0)),
                try unit(0, 1, .string(ISCP1IdentifiedValue(id: "json", value: #"{"a": {"v": 1.5}}"#))),
                try unit(500, 3, .can(ISCP1CANFrame(id: 0x14A, data: [0b0000_0010, 0x7F]))),
                try unit(1000, 1, .string(ISCP1IdentifiedValue(id: "json", value: #"{"a": {"v": "fast"}}"#))),
                try unit(2000, 1, .string(ISCP1IdentifiedValue(id: "json", value: #"{"a": {"v": -2}}"#))),
                try unit(2500, 2, .string(ISCP1IdentifiedValue(id: "json", value: #"{"a": {"v": 9}}"#))),
                .endOfSection(ISCP1EndOfSection(streamID: 1, isFinal: false, serialNumber: 0)),
            ])
            #expect(try await app.call(.post, Self.path, app.alice, body: body).status == .ok)

            func items(_ query: String) async throws -> [[String: Any]] {
                let answer = try await app.call(.get, "/v1/data?\(Self.name)&time_format=ms" + query, app.alice)
                try #require(answer.status == .ok)
                return try #require(answer.json as? [[String: Any]])
            }
            let error = IntdashDataResponse.errorDataID
            let labelled = try await items("&label=json_v&label=brake&label=pedal")
            #expect(labelled.map { $0["data_id"] as? String } == ["json_v", "brake", "pedal", error, "json_v"])
            #expect(labelled.map { $0["time"] as? Int } == [0, 500, 500, 1000, 2000].map { 1_609_459_200_000 + $0 })
            #expect(labelled.map { $0["data_type"] as? Int } == [11, 11, 14, 10, 11])
            #expect(labelled.map { $0["channel"] as? Int } == [1, 3, 3, 1, 1])
            let values = labelled.map { ($0["data"] as? [String: Any])?["d"] }
            #expect(values[0] as? Double == 1.5 && values[1] as? Double == 1 && values[2] as? String == "fw==" && values[4] as? Double == -2)
            let errorText = try #require(values[3] as? String)
            let problem = try #require(try JSONSerialization.jsonObject(with: Data(errorText.utf8)) as? [String: Any])
            #expect(problem["error"] as? String == "converted_error")
            #expect((problem["error_extra"] as? [String: Any])?["signal_label"] as? String == "json_v")
            #expect((problem["error_description"] as? String)?.contains("'fast' is not a number") == true)

            // exit_on_error ends the answer at the error point.
            #expect(try await items("&label=json_v&label=brake&exit_on_error=true").map { $0["data_id"] as? String } == ["json_v", "brake", error])
            // An id query and a label both select: the raw point, then the converted one.
            #expect(
                try await items("&idq=10:1/json&label=json_v").map { $0["data_id"] as? String } == [
                    "json", "json_v", "json", error, "json", "json_v",
                ])
            // period keeps one answer per label in each window, limit counts answers.
            #expect(try await items("&label=json_v&label=brake&period=10000000").map { $0["data_id"] as? String } == ["json_v", "brake", error])
            #expect(try await items("&label=json_v&label=brake&label=pedal&limit=2").map { $0["data_id"] as? String } == ["json_v", "brake"])
            #expect(try await items("&label=json_v&order=desc").map { $0["time"] as? Int } == [2000, 1000, 0].map { 1_609_459_200_000 + $0 })

            // intdash-py reads a converted point as a Float unit named after the label, on
            // the signal's channel.
            let protobuf = try await app.protobufPoints(Self.name + "&label=brake", app.alice)
            #expect(protobuf.map(\.dataType) == ["11"] && protobuf.map(\.dataID) == ["3/brake"])
            #expect([UInt8](protobuf[0].dataPayload) == (try ISCP1Payload.float(ISCP1IdentifiedValue(id: "brake", value: 1)).encoded()))
        }
    }

    /// An iSCP 1.0 section `serial` with an Int `count` on channel 1 and a Float `speed` on
    /// channel 2 at each of `seconds`.
    static func countsAndSpeeds(serial: UInt32, seconds: [Int]) throws -> [UInt8] {
        var elements: [ISCP1Element] = [.startOfSection(ISCP1StartOfSection(streamID: 1, serialNumber: serial))]
        for second in seconds {
            let elapsed = ISCP1ElapsedTime(nanoseconds: UInt64(second) * 1_000_000_000, precision: .nanoseconds)
            elements.append(
                .unit(
                    try ISCP1Unit(
                        streamID: 1, channel: 1, elapsedTime: elapsed, payload: .int(ISCP1IdentifiedValue(id: "count", value: Int64(second))))))
            elements.append(
                .unit(
                    try ISCP1Unit(
                        streamID: 1, channel: 2, elapsedTime: elapsed, payload: .float(ISCP1IdentifiedValue(id: "speed", value: Double(second))))))
        }
        elements.append(.endOfSection(ISCP1EndOfSection(streamID: 1, isFinal: false, serialNumber: serial)))
        return try ISCP1Encoder().encode(elements)
    }

    @Test func periodKeepsOnePointPerDataIDAndWindowAndSinceKeepsLaterStoredOnes() async throws {
        try await DataAPITestApp.with { app in
            #expect(
                try await app.call(.post, Self.path, app.alice, body: try Self.countsAndSpeeds(serial: 0, seconds: [0, 1, 2, 3, 4])).status == .ok)
            // The store stamps what it stores with the system's time: the mark falls after the
            // first post's stamps and before the second's, a millisecond apart either way.
            try await waitForWallClock(toPass: Date(), by: .milliseconds(1))
            let markDate = Date()
            let mark = Int64(markDate.timeIntervalSince1970 * 1e6)
            try await waitForWallClock(toPass: markDate, by: .milliseconds(1))
            #expect(try await app.call(.post, Self.path, app.alice, body: try Self.countsAndSpeeds(serial: 1, seconds: [10, 11])).status == .ok)

            func seconds(_ query: String) async throws -> [Int64] {
                try await app.protobufPoints(Self.name + query, app.alice).map { $0.time.seconds - 1_609_459_200 }
            }
            // Windows of 2 s from 1970 (the base time 2021-01-01T00:00:00Z is a multiple of 2 s).
            #expect(try await seconds("&period=2000000&idq=12:1/count") == [0, 2, 4, 10])
            #expect(try await seconds("&period=2000000&idq=12:1/count&order=desc") == [11, 4, 3, 1])
            #expect(try await seconds("&period=2000000").count == 8)
            // The limit counts the points left after decimation.
            #expect(try await seconds("&period=2000000&idq=11:2/speed&limit=2") == [0, 2])
            #expect(try await seconds("&since=\(mark)").count == 4)
            #expect(try await seconds("&since=\(mark)&idq=12:1/count") == [10, 11])
            #expect(try await seconds("&since=\(mark)&period=10000000&idq=12:1/count") == [10])
            #expect(try await seconds("&since=2021-01-01T00:00:00Z&limit=3").count == 3)
            for bad in ["&period=0", "&period=x", "&since=yesterday"] {
                #expect(try await app.call(.get, "/v1/data?" + Self.name + bad, app.alice).status == .badRequest)
            }
        }
    }

    @Test func badRequestsAreRefusedInTheIntdashErrorFormat() async throws {
        try await DataAPITestApp.with { app in
            let cases: [(HTTPRequest.Method, String, [UInt8]?, HTTPResponse.Status)] = [
                (.post, Self.path, [0x01, 0x02, 0x03], .badRequest),
                (.post, Self.path, Array(Self.section.dropLast(3)), .badRequest),
                (.post, Self.path, Array(Self.section.dropFirst(7)), .badRequest),
                (.post, Self.path, Self.section + bytes(hex: "aa920111111111222233334444555555555555"), .badRequest),
                (.post, "/v1/measurements/data", [0xff, 0xff, 0xff], .badRequest),
                (.post, "/v1/measurements/sequences/chunks", [0x0a, 0x03, 0x61, 0x62, 0x63], .badRequest),
                (.post, "/v1/measurements/not-a-uuid/data", Self.section, .notFound),
                (.get, "/v1/data", nil, .badRequest),
                (.get, "/v1/data?\(Self.name)&idq=speed", nil, .badRequest),
                (.get, "/v1/data?\(Self.name)&idq=300:1/x", nil, .badRequest),
                (.get, "/v1/data?\(Self.name)&start=yesterday", nil, .badRequest),
                (.get, "/v1/data?\(Self.name)&limit=0", nil, .badRequest),
                (.get, "/v1/data?\(Self.name)&time_format=fortnights", nil, .badRequest),
                (.get, "/v1/data?name=\(UUID().uuidString)", nil, .notFound),
                (.get, "/v1/data?name=no-such-edge", nil, .notFound),
                (.get, "/v1/data?\(Self.name)&label=nmea", nil, .badRequest),
            ]
            for (method, path, body, status) in cases {
                let answer = try await app.call(method, path, app.alice, body: body)
                #expect(answer.status == status, "\(method) \(path)")
                #expect(answer.object["error_description"] is String, "\(method) \(path)")
            }
            #expect(try await app.store.allPoints(of: DataAPITestApp.measurement).isEmpty)
        }
    }

    @Test func onlyThoseWhoMaySeeTheMeasurementReadOrWriteIt() async throws {
        try await DataAPITestApp.with { app in
            let refused = try await app.call(.post, Self.path, app.bob, body: Self.section)
            #expect(refused.status == .notFound)
            #expect(try await app.call(.post, Self.path, [:], body: Self.section).status == .unauthorized)
            #expect(try await app.call(.post, Self.path, app.root, body: Self.section).status == .ok)
            #expect(try await app.call(.get, "/v1/data?" + Self.name, app.bob).status == .notFound)
            #expect(try await app.call(.get, "/v1/data_ids?" + Self.name, app.bob).status == .notFound)
            #expect(try await app.protobufPoints(Self.name, app.alice).count == 1)
        }
    }

    @Test func aCorruptChunkEndsTheAnswerWithAnIntdashErrorPoint() async throws {
        try await DataAPITestApp.with { app in
            _ = try await app.call(.post, Self.path, app.alice, body: Self.section)
            await app.store.close()
            let path = TelemetryDataStore.segmentPath(0, in: TelemetryDataStore.directory(of: DataAPITestApp.measurement, in: app.store.directory))
            var stored = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            stored[stored.count - 1] ^= 0x01
            try Data(stored).write(to: URL(fileURLWithPath: path))
            let points = try await app.protobufPoints(Self.name, app.alice)
            try #require(points.count == 1)
            #expect(points[0].dataType == "10")
            #expect(points[0].dataID == "1/intdash/measurement/get/data/error")
            guard case .string(let value) = try ISCP1Payload(rawDataType: 0x0a, decoding: [UInt8](points[0].dataPayload)) else {
                Issue.record("the error point is not a String unit")
                return
            }
            #expect(value.id == "error")
            #expect(value.value.contains("checksum"))
        }
    }
}
