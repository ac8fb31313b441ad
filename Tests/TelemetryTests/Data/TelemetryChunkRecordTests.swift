import ChanceryTestSupport
import Foundation
import Testing

@testable import Telemetry

@Suite struct TelemetryChunkRecordTests {
    let record = TelemetryChunkRecord(
        streamID: UUID(uuidString: "11111111-2222-3333-4444-555555555555")!, sequenceNumber: 7,
        groups: [
            TelemetryDataPointGroup(
                dataID: TelemetryDataID(name: "1/speed", type: "float64"),
                dataPoints: [
                    TelemetryDataPoint(elapsedTime: -5, payload: [1, 2, 3]),
                    TelemetryDataPoint(elapsedTime: 1_500_000_000, payload: []),
                ]),
            TelemetryDataPointGroup(
                dataID: TelemetryDataID(name: "ü/名前", type: "string"),
                dataPoints: [
                    TelemetryDataPoint(elapsedTime: .max, payload: Array("hello".utf8))
                ]),
        ]
    )

    /// The methods this processor has: the tables everywhere, the instruction where it exists.
    static let crc32cMethods = CRC32C.Method.allCases.filter { $0 == .tables || CRC32C.isHardwareAvailable }

    @Test(arguments: crc32cMethods) func crc32cMatchesTheCheckValue(method: CRC32C.Method) {
        #expect(CRC32C.checksum(of: Array("123456789".utf8), using: method) == 0xe306_9283)
        #expect(CRC32C.checksum(of: [UInt8](), using: method) == 0)
    }

    #if arch(x86_64)
    /// Every x86-64 processor of the last fifteen years has SSE 4.2: the instruction is used.
    @Test func crc32cUsesTheInstructionOnX86() {
        #expect(CRC32C.isHardwareAvailable)
    }
    #endif

    @Test(arguments: crc32cMethods) func crc32cOfSlicesOfEveryLengthAndOffsetIsTheByteAtATimeOne(method: CRC32C.Method) {
        var random = SeededGenerator(seed: 32)
        let bytes = (0..<300).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        for start in 0..<9 {
            for end in start...bytes.count {
                var expected: UInt32 = 0xffff_ffff
                for byte in bytes[start..<end] {
                    expected ^= UInt32(byte)
                    for _ in 0..<8 { expected = expected & 1 == 1 ? (expected >> 1) ^ 0x82f6_3b78 : expected >> 1 }
                }
                #expect(CRC32C.checksum(of: bytes[start..<end], using: method) == expected ^ 0xffff_ffff)
                // A sequence without contiguous storage takes the byte-at-a-time path.
                #expect(CRC32C.checksum(of: bytes[start..<end].lazy.map { $0 }, using: method) == expected ^ 0xffff_ffff)
            }
        }
    }

    @Test func roundTrips() throws {
        let bytes = try record.encoded()
        #expect(Array(bytes.prefix(5)) == Array("TCHK".utf8) + [1])
        #expect(try TelemetryChunkRecord(decoding: bytes) == record)
    }

    @Test func theLayoutIsTheDocumentedOne() throws {
        let small = TelemetryChunkRecord(
            streamID: UUID(uuidString: "00000000-0000-0000-0000-000000000001")!, sequenceNumber: 2,
            groups: [
                TelemetryDataPointGroup(
                    dataID: TelemetryDataID(name: "a", type: "b"), dataPoints: [TelemetryDataPoint(elapsedTime: 3, payload: [0xff])])
            ]
        )
        let body: [UInt8] =
            Array(repeating: 0, count: 15) + [1] + [2, 0, 0, 0] + [1, 0, 0, 0]
            + [1, 0, 0x61] + [1, 0, 0x62] + [1, 0, 0, 0] + [3, 0, 0, 0, 0, 0, 0, 0] + [1, 0, 0, 0, 0xff]
        let checksum = CRC32C.checksum(of: body)
        let header: [UInt8] =
            Array("TCHK".utf8) + [1, 0, 0, 0, UInt8(body.count), 0, 0, 0]
            + (0..<4).map { UInt8(truncatingIfNeeded: checksum >> (8 * $0)) }
        #expect(try small.encoded() == header + body)
    }

    @Test func aLayoutMadeInTheMemoryOfAnotherHasOnlyItsOwnPoints() throws {
        let larger = try TelemetryChunkRecordLayout(of: record.encoded())
        let single = TelemetryChunkRecord(
            streamID: UUID(), sequenceNumber: 1,
            groups: [
                TelemetryDataPointGroup(
                    dataID: TelemetryDataID(name: "x", type: "int64"), dataPoints: [TelemetryDataPoint(elapsedTime: 9, payload: [4, 2])])
            ]
        )
        let reused = try TelemetryChunkRecordLayout(of: single.encoded(), pointStorage: larger.points)
        let fresh = try TelemetryChunkRecordLayout(of: single.encoded())
        #expect(larger.points.count == 3)
        #expect(reused.points.map(\.elapsedTime) == [9])
        #expect(reused.points.map(\.payload) == fresh.points.map(\.payload))
        #expect(reused.groups.map(\.points) == [0..<1])
    }

    @Test func everyFlippedByteIsDetected() throws {
        let bytes = try record.encoded()
        for index in bytes.indices {
            var damaged = bytes
            damaged[index] ^= 0x40
            #expect(throws: TelemetryDataStoreError.self) { try TelemetryChunkRecord(decoding: damaged) }
        }
    }

    @Test func everyTruncationIsDetected() throws {
        let bytes = try record.encoded()
        for length in 0..<bytes.count {
            #expect(throws: TelemetryDataStoreError.self) { try TelemetryChunkRecord(decoding: Array(bytes.prefix(length))) }
        }
    }

    @Test func refusesNamesLongerThanTheirLengthField() {
        let long = TelemetryChunkRecord(
            streamID: UUID(), sequenceNumber: 1,
            groups: [TelemetryDataPointGroup(dataID: TelemetryDataID(name: String(repeating: "x", count: 70_000), type: "t"), dataPoints: [])]
        )
        #expect(throws: TelemetryDataStoreError.self) { try long.encoded() }
    }
}
