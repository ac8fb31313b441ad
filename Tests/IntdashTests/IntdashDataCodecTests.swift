import Foundation
import ISCP
import Testing

@testable import Intdash

/// Every data class survives a trip through the iSCP 1.0 codec, and writes the protocol's bytes.
@Suite struct IntdashDataCodecTests {
    /// One value of every data class.
    static func samples() throws -> [IntdashData] {
        [
            IntdashData.DataBaseTime(type: .ntp, baseTimeSec: 1_609_459_200, baseTimeNSec: 123_456_789),
            IntdashData.DataCAN(id: 0x123, dlc: 3, data: [1, 2, 3]),
            IntdashData.DataNMEA(nmeaString: "$GPRMC,085120.307,A,3541.1493,N,13945.3994,E,000.0,240.3,181211,,,A*6A"),
            IntdashData.DataGeneralSensor(sensorId: .geoLocationCoordinate, data: [9, 8, 7, 6, 5, 4, 3, 2]),
            IntdashData.DataControlPad(data: [0, 1], id: 7),
            IntdashData.DataMavlinkPacket(
                packetStartSign: 0xfe, payloadLength: 2, packetSequence: 9, systemId: 1, componentId: 1, messageId: 0, data: [0xaa, 0xbb],
                checkSum: 0x1234
            ),
            IntdashData.DataJPEG(data: [0xff, 0xd8, 0xff, 0xd9]),
            IntdashData.DataH264(data: [0, 0, 0, 1, 0x65], type: .idrFrame),
            IntdashData.DataH265(data: [0, 0, 0, 1, 0x26], type: .nonIdrFrame),
            IntdashData.DataPCM(formatId: 1, channels: 2, sampleRate: 48_000, bitsPerSample: 16, data: [1, 0, 2, 0]),
            IntdashData.DataAAC(data: [0x21, 0x10]),
            try IntdashData.DataString(id: "status", data: "ok ✓"),
            try IntdashData.DataFloat(id: "speed", data: -12.5),
            try IntdashData.DataInt(id: "count", data: -42),
            try IntdashData.DataBytes(id: "raw", data: [0, 255]),
            IntdashData.DataGeneric(id: 0xdead_beef, data: [1, 2]),
        ]
    }

    @Test func everyDataTypeHasASample() throws {
        let types = Set(try Self.samples().map(\.dataType))
        #expect(types == Set(IntdashDataType.allCases))
    }

    @Test func packetsRoundTrip() throws {
        let samples = try Self.samples()
        let packets = try IntdashPacketHelper.generatePackets(units: samples)
        let parsed = try IntdashPacketHelper.parsePackets(data: packets)
        #expect(parsed.count == samples.count)
        for (original, copy) in zip(samples, parsed) {
            #expect(original == copy, "\(original.dataType)")
            #expect(type(of: original) == type(of: copy))
        }
    }

    /// The Int unit of the spec's intdash-py vector, at elapsed time 0 on stream and channel 0.
    @Test func intUnitHasTheProtocolsBytes() throws {
        let packet = try IntdashPacketHelper.generatePackets(units: [try IntdashData.DataInt(id: "x", data: 42)])
        let expected = "aa0300000c00000200000028" + "01782a00000000000000"
        #expect(packet.map { String(format: "%02x", $0) }.joined() == expected)
    }

    @Test func baseTimeUnitMatchesTheSpecVector() throws {
        let baseTime = IntdashData.DataBaseTime(type: .edge, baseTime: 1_609_459_200)
        #expect(try baseTime.payloadBytes() == [0x01, 0x00, 0x66, 0xee, 0x5f, 0x00, 0x00, 0x00, 0x00])
        #expect(baseTime.value == 1_609_459_200)
    }

    @Test func baseTimeKeepsNanoseconds() {
        let baseTime = IntdashData.DataBaseTime(type: .gps, baseTime: 1_700_000_000.25)
        #expect(baseTime.baseTimeSec == 1_700_000_000)
        #expect(baseTime.baseTimeNsec == 250_000_000)
    }

    @Test func dataLengthIsThePayloadLength() throws {
        #expect(try IntdashData.DataFloat(id: "speed", data: 1).dataLength() == 1 + 5 + 8)
        #expect(try IntdashData.DataCAN(id: 1, dlc: 2, data: [1, 2, 3]).dataLength() == 4 + 1 + 2)
    }

    @Test func identifiedValuesReadTheirBytes() throws {
        let float = try IntdashData.DataFloat(id: "v", data: [0, 0, 0, 0, 0, 0, 0xf8, 0x3f])
        #expect(float.data == 1.5)
        let int = try IntdashData.DataInt(id: Array("v".utf8), data: [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff])
        #expect(int.data == -1)
        #expect(try IntdashData.DataString(id: "v", data: Array("hé".utf8)).data == "hé")
    }

    @Test func idsLongerThan255BytesAreRefused() {
        #expect(throws: IntdashDataError.idTooLong(256)) { try IntdashData.DataFloat(id: String(repeating: "a", count: 256), data: 1) }
        #expect(throws: IntdashDataError.invalidUTF8("the data id")) { try IntdashData.DataBytes(id: [0xff], data: []) }
    }

    @Test func wrongSizedNumbersAreRefused() {
        #expect(throws: IntdashDataError.self) { try IntdashData.DataFloat(id: "v", data: [1, 2, 3]) }
    }

    @Test func unknownTypesAndDamagedPayloadsAreErrors() throws {
        // A unit of CAN bulk (0x07), which has no class.
        let bulk = ISCP1Unit(
            streamID: 0, channel: 0, rawDataType: 0x07, elapsedTime: ISCP1ElapsedTime(seconds: 0, fraction: 0, precision: .milliseconds), payload: [1]
        )
        let bulkBytes = try ISCP1Encoder().encode([.unit(bulk)])
        #expect(throws: IntdashDataError.unknownDataType(0x07)) { try IntdashPacketHelper.parsePackets(data: Data(bulkBytes)) }
        // A Float unit whose payload is cut short.
        let cut = ISCP1Unit(
            streamID: 0, channel: 0, rawDataType: 0x0b, elapsedTime: ISCP1ElapsedTime(seconds: 0, fraction: 0, precision: .milliseconds),
            payload: [1, 0x78, 0])
        let cutBytes = try ISCP1Encoder().encode([.unit(cut)])
        #expect(throws: ISCP1DecodingError.self) { try IntdashPacketHelper.parsePackets(data: Data(cutBytes)) }
    }

    @Test func equalityComparesPayloads() throws {
        #expect(try IntdashData.DataFloat(id: "a", data: 1) == IntdashData.DataFloat(id: "a", data: 1))
        #expect(try IntdashData.DataFloat(id: "a", data: 1) != IntdashData.DataFloat(id: "a", data: 2))
        #expect(try IntdashData.DataFloat(id: "a", data: 1) != IntdashData.DataInt(id: "a", data: 1))
    }

    @Test func dataIDsAreTheAPIs() throws {
        #expect(IntdashData.DataCAN(id: 0x123, dlc: 0, data: []).dataID == "00000123")
        #expect(IntdashData.DataNMEA(nmeaString: "$GPRMC,1").dataID == "GPRMC")
        #expect(try IntdashData.DataFloat(id: "speed", data: 1).dataID == "speed")
        #expect(IntdashData.DataJPEG(data: []).dataID == "jpeg")
    }
}
