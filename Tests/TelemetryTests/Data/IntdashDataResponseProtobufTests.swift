import Foundation
import NIOCore
import SwiftProtobuf
import Testing

@testable import Telemetry

/// The protobuf answer of `GET /v1/data`, written straight into the buffer, against the
/// generated `pb.DataResponseProto`.
@Suite struct IntdashDataResponseProtobufTests {
    @Test func theWrittenAnswerIsWhatTheGeneratedMessageSerializesTo() throws {
        var random = SplitMix64(seed: 21)
        for round in 0..<500 {
            let time: Int64 = switch round % 4 {
            case 0: 0
            case 1: -Int64(random.next(below: 1 << 62))
            case 2: Int64(bitPattern: random.next())
            default: 1_609_459_200_000_000_000 + Int64(random.next(below: 1 << 40))
            }
            let response = IntdashDataResponse(
                measurementUUID: round % 7 == 0 ? "" : UUID().uuidString.lowercased(), time: time,
                createdAt: Date(timeIntervalSince1970: Double(random.next(below: 4_000_000_000)) - 1_000_000_000 + Double(random.next(below: 1000)) / 1000),
                dataType: UInt8(random.next(below: 256)), channel: UInt8(random.next(below: 256)),
                dataID: round % 5 == 0 ? "" : String(repeating: "ï", count: random.next(below: 40)),
                payload: (0..<random.next(below: 300)).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            )
            var written = ByteBuffer()
            response.writeLengthPrefixedMessage(into: &written)

            var message = IntdashDataResponseProto()
            message.time = IntdashDataResponse.timestamp(nanoseconds: response.time)
            message.dataType = String(response.dataType)
            message.dataID = "\(response.channel)/\(response.dataID)"
            message.dataPayload = Data(response.payload)
            message.measurementUuid = response.measurementUUID
            message.createdAt = Google_Protobuf_Timestamp(date: response.createdAt)
            let bytes: [UInt8] = try message.serializedBytes()
            var expected = ByteBuffer()
            expected.writeInteger(UInt64(bytes.count), endianness: .little)
            expected.writeBytes(bytes)
            #expect(written == expected)
        }
    }
}
