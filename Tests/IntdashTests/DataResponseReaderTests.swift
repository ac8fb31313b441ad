import Foundation
import Testing

@testable import Intdash

/// The protobuf answer of `GET /api/v1/data` is read field by field, and damaged bodies are errors.
@Suite struct DataResponseReaderTests {
    /// A varint.
    private func varint(_ value: UInt64) -> [UInt8] {
        var value = value
        var bytes: [UInt8] = []
        repeat {
            bytes.append(UInt8(value & 0x7f) | (value >= 0x80 ? 0x80 : 0))
            value >>= 7
        } while value > 0
        return bytes
    }

    /// A length-delimited field.
    private func field(_ number: UInt64, _ bytes: [UInt8]) -> [UInt8] {
        varint(number << 3 | 2) + varint(UInt64(bytes.count)) + bytes
    }

    /// One record with its 8-byte length prefix.
    private func record(seconds: Int64, nanos: Int32) -> [UInt8] {
        let timestamp = varint(1 << 3) + varint(UInt64(bitPattern: seconds)) + varint(2 << 3) + varint(UInt64(UInt32(bitPattern: nanos)))
        let message =
            field(1, timestamp) + field(2, Array("11".utf8)) + field(3, Array("1/speed".utf8))
            + field(4, [5] + Array("speed".utf8) + [0, 0, 0, 0, 0, 0, 0xf8, 0x3f]) + field(5, Array("m-uuid".utf8))
            + varint(9 << 3) + varint(300)  // an unknown field, skipped
        return withUnsafeBytes(of: UInt64(message.count).littleEndian, Array.init) + message
    }

    @Test func readsRecords() throws {
        let records = try DataResponseReader.records(in: record(seconds: 1_577_836_800, nanos: 500_000_000) + record(seconds: 1, nanos: 0))
        #expect(records.count == 2)
        #expect(records[0].time == Date(timeIntervalSince1970: 1_577_836_800.5))
        #expect(records[0].dataType == "11")
        #expect(records[0].dataID == "1/speed")
        #expect(records[0].measurementUUID == "m-uuid")
        let value = try IntdashData.decoded(rawDataType: 11, payload: records[0].payload)
        #expect(value == (try IntdashData.DataFloat(id: "speed", data: 1.5)))
    }

    @Test func damagedBodiesAreErrors() {
        let good = record(seconds: 1, nanos: 0)
        #expect(throws: DataResponseReader.Malformed.self) { try DataResponseReader.records(in: Array(good.dropLast())) }
        #expect(throws: DataResponseReader.Malformed.self) { try DataResponseReader.records(in: [1, 2, 3]) }
        #expect(throws: DataResponseReader.Malformed.self) { try DataResponseReader.records(in: [1, 0, 0, 0, 0, 0, 0, 0, 0x80]) }
    }
}
