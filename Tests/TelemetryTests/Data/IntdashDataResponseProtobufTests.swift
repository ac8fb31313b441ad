import ChanceryTestSupport
import Foundation
import ISCP
import NIOCore
import SwiftProtobuf
import Testing

@testable import Telemetry

/// The protobuf answer of `GET /v1/data`, written straight into the buffer, against the
/// generated `pb.DataResponseProto`.
@Suite struct IntdashDataResponseProtobufTests {
    /// One writer writes answers of many kinds, more than it keeps frames of, each twice: the
    /// second time from the frame the first one made.
    @Test func theWrittenAnswerIsWhatTheGeneratedMessageSerializesTo() throws {
        var random = SeededGenerator(seed: 21)
        var writer = IntdashDataProtobufWriter()
        for round in 0..<500 {
            let time: Int64 =
                switch round % 4 {
                case 0: 0
                case 1: -Int64(random.next(below: 1 << 62))
                case 2: Int64(bitPattern: random.next())
                default: 1_609_459_200_000_000_000 + Int64(random.next(below: 1 << 40))
                }
            let response = IntdashDataResponse(
                measurementUUID: round % 7 == 0 ? "" : UUID().uuidString.lowercased(), time: time,
                createdAt: Date(
                    timeIntervalSince1970: Double(random.next(below: 4_000_000_000)) - 1_000_000_000 + Double(random.next(below: 1000)) / 1000),
                dataType: UInt8(random.next(below: 256)), channel: UInt8(random.next(below: 256)),
                dataID: round % 5 == 0 ? "" : String(repeating: "ï", count: random.next(below: 40)),
                payload: (0..<random.next(below: 300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            )
            for _ in 0..<2 {
                var written = ByteBuffer()
                writer.write(response, into: &written)
                #expect(written == (try response.generatedProtobufAnswer()))
            }
        }
    }

    /// Stored points of several data ids, types and payload sizes, answered through their data
    /// id's view (a Float or Int value kept as its bits, see ``ISCP1UnitPayload``), give the
    /// bytes of the answer made from the iSCP 1.0 unit's whole payload: as protobuf, against
    /// the generated message, and as JSON in every time format, against the writer given the
    /// payload's bytes.
    @Test func aStoredPointIsAnsweredAsItsUnitPayloadInEveryFormat() throws {
        var random = SeededGenerator(seed: 34)
        let dataIDs = [
            TelemetryDataID(name: "1/speed", type: "float64"),
            TelemetryDataID(name: "7/count", type: "int64"),
            TelemetryDataID(name: "temperature", type: "float64"),
            // An id longer than a unit can carry: no value form, the stored bytes as they are.
            TelemetryDataID(name: "2/" + String(repeating: "ï", count: 130), type: "float64"),
            TelemetryDataID(name: "3/note", type: "string"),
            TelemetryDataID(name: "4/raw", type: "bytes"),
            TelemetryDataID(name: "5/frame", type: "can"),
            TelemetryDataID(name: "6/other", type: "unknown"),
        ]
        let measurementUUID = UUID().uuidString.lowercased()
        var valueForms = 0
        for round in 0..<400 {
            let dataID = dataIDs[round % dataIDs.count]
            let view = ISCP1DataIDView(dataID)
            let size = round % 3 == 0 ? random.next(below: 20) : 8
            let bytes: [UInt8] =
                dataID.type == "string"
                ? Array("reading \(random.next(below: 1000)) \"ok\"\n".utf8)
                : (0..<size).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let elapsed = Int64(random.next(below: 1 << 50)) - (1 << 40)
            let stored = TelemetryStoredDataPoint(
                dataID: dataID, dataPoint: TelemetryDataPoint(elapsedTime: elapsed, payload: bytes),
                receivedAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(random.next(below: 1000)) / 8)
            )
            let response = IntdashDataResponse(stored, measurementUUID: measurementUUID, baseTime: 1_609_459_200_000_000_000, view: view)
            if case .value = response.content { valueForms += 1 }

            // The answer's payload and type are those of the unit the data id's view maps the point to.
            let unit = view.unit(of: TelemetryDataPoint(elapsedTime: 0, payload: bytes), streamID: 0)
            let whole = IntdashDataResponse(
                measurementUUID: response.measurementUUID, time: response.time, createdAt: response.createdAt,
                dataType: unit?.rawDataType ?? view.rawDataType, channel: view.channel, dataID: view.iscp1DataID,
                payload: unit?.payload ?? bytes
            )
            #expect(response.payload == whole.payload)
            #expect(response.dataType == whole.dataType)

            var written = ByteBuffer()
            var writer = IntdashDataProtobufWriter()
            writer.write(response, into: &written)
            #expect(written == (try whole.generatedProtobufAnswer()))

            for format in [IntdashTimeFormat.nanoseconds, .microseconds, .milliseconds, .seconds, .rfc3339] {
                var fromValue = IntdashDataJSONWriter(timeFormat: format)
                var fromBytes = IntdashDataJSONWriter(timeFormat: format)
                var text = ByteBuffer()
                var expectedText = ByteBuffer()
                fromValue.write(response, into: &text)
                fromBytes.write(whole, into: &expectedText)
                #expect(text == expectedText)
            }
        }
        // Both forms were met: the Float and Int points of 8 bytes with a short id.
        #expect(valueForms >= 100)
        #expect(valueForms < 400)
    }
}

extension IntdashDataResponse {
    /// The answer as the generated `pb.DataResponseProto` serializes it, after its u64
    /// little-endian length: what the writer must give.
    func generatedProtobufAnswer() throws -> ByteBuffer {
        var message = IntdashDataResponseProto()
        message.time = Self.timestamp(nanoseconds: time)
        message.dataType = String(dataType)
        message.dataID = "\(channel)/\(dataID)"
        message.dataPayload = Data(payload)
        message.measurementUuid = measurementUUID
        message.createdAt = Google_Protobuf_Timestamp(date: createdAt)
        let bytes: [UInt8] = try message.serializedBytes()
        var answer = ByteBuffer()
        answer.writeInteger(UInt64(bytes.count), endianness: .little)
        answer.writeBytes(bytes)
        return answer
    }
}
