import ISCP
import Telemetry
import Testing

@Suite struct ISCP1DataMappingTests {
    private let elapsed = ISCP1ElapsedTime(seconds: 1, fraction: 500_000_000, precision: .nanoseconds)

    private func unit(channel: UInt8 = 1, _ payload: ISCP1Payload) throws -> ISCP1Unit {
        try ISCP1Unit(streamID: 3, channel: channel, elapsedTime: elapsed, payload: payload)
    }

    @Test func numbersBecomeBigEndianValuesNamedByChannelAndIDAndComeBackUnchanged() throws {
        let float = try unit(.float(ISCP1IdentifiedValue(id: "x", value: 1.5)))
        let (floatID, floatPoint) = try #require(ISCP1DataMapping.dataPoint(of: float))
        #expect(floatID == TelemetryDataID(name: "1/x", type: "float64"))
        #expect(floatPoint == TelemetryDataPoint(elapsedTime: 1_500_000_000, payload: [0x3f, 0xf8, 0, 0, 0, 0, 0, 0]))
        #expect(ISCP1DataMapping.unit(dataID: floatID, point: floatPoint, streamID: 3) == float)

        let int = try unit(channel: 7, .int(ISCP1IdentifiedValue(id: "rpm", value: -2)))
        let (intID, intPoint) = try #require(ISCP1DataMapping.dataPoint(of: int))
        #expect(intID == TelemetryDataID(name: "7/rpm", type: "int64"))
        #expect(intPoint.payload == [0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe])
        #expect(ISCP1DataMapping.unit(dataID: intID, point: intPoint, streamID: 3) == int)
    }

    @Test func stringsAndBytesCarryTheirValueOnly() throws {
        let string = try unit(.string(ISCP1IdentifiedValue(id: "msg", value: "héllo")))
        let (stringID, stringPoint) = try #require(ISCP1DataMapping.dataPoint(of: string))
        #expect(stringID == TelemetryDataID(name: "1/msg", type: "string"))
        #expect(Array(stringPoint.payload) == Array("héllo".utf8))
        #expect(ISCP1DataMapping.unit(dataID: stringID, point: stringPoint, streamID: 3) == string)

        let bytes = try unit(.bytes(ISCP1IdentifiedValue(id: "raw", value: [0, 1, 2])))
        let (bytesID, bytesPoint) = try #require(ISCP1DataMapping.dataPoint(of: bytes))
        #expect(bytesID == TelemetryDataID(name: "1/raw", type: "bytes"))
        #expect(bytesPoint.payload == [0, 1, 2])
        #expect(ISCP1DataMapping.unit(dataID: bytesID, point: bytesPoint, streamID: 3) == bytes)
    }

    @Test func otherTypesKeepTheWholePayloadUnderTheirTypeName() throws {
        let can = try unit(channel: 2, .can(ISCP1CANFrame(id: 0x123, data: [1, 2, 3])))
        let (canID, canPoint) = try #require(ISCP1DataMapping.dataPoint(of: can))
        #expect(canID == TelemetryDataID(name: "2/00000123", type: "can"))
        #expect(Array(canPoint.payload) == can.payload)
        #expect(ISCP1DataMapping.unit(dataID: canID, point: canPoint, streamID: 3) == can)

        let unknown = ISCP1Unit(streamID: 3, channel: 4, rawDataType: 0x42, elapsedTime: elapsed, payload: [9, 9])
        let (unknownID, unknownPoint) = try #require(ISCP1DataMapping.dataPoint(of: unknown))
        #expect(unknownID == TelemetryDataID(name: "4", type: "iscp1/0x42"))
        #expect(ISCP1DataMapping.unit(dataID: unknownID, point: unknownPoint, streamID: 3) == unknown)
    }

    @Test func dataOnlyAnISCP2DeviceSendsReachesISCP1ViewersAsBytes() throws {
        let dataID = TelemetryDataID(name: "video/front", type: "h264_frame/idr_frame")
        let back = try #require(ISCP1DataMapping.unit(dataID: dataID, point: TelemetryDataPoint(elapsedTime: 2_000, payload: [7, 7]), streamID: 1))
        #expect(back.channel == 0)
        #expect(try back.decodedPayload() == .bytes(ISCP1IdentifiedValue(id: "video/front", value: [7, 7])))
        #expect(back.elapsedTime.nanoseconds == 2_000)
        #expect(ISCP1DataMapping.unit(dataID: dataID, point: TelemetryDataPoint(elapsedTime: -1, payload: []), streamID: 1) == nil)
    }

    @Test(
        arguments: [
            ("1/speed", UInt8(1), "speed"),
            ("255/a/b", 255, "a/b"),
            ("7", 7, ""),
            ("256/x", 0, "256/x"),
            ("speed", 0, "speed"),
            ("", 0, ""),
        ] as [(String, UInt8, String)])
    func theChannelIsTheFirstLevelWhenItIsAByte(name: String, channel: UInt8, iscp1DataID: String) {
        let dataID = TelemetryDataID(name: name, type: "float64")
        #expect(ISCP1DataMapping.channel(of: dataID) == channel)
        #expect(ISCP1DataMapping.iscp1DataID(of: dataID) == iscp1DataID)
        #expect(ISCP1DataMapping.rawDataType(of: dataID) == ISCP1DataType.float.rawValue)
        #expect(ISCP1DataMapping.rawDataType(of: TelemetryDataID(name: name, type: "video")) == ISCP1DataType.bytes.rawValue)
    }

    @Test func aBaseTimeUnitIsABaseTimeNotAPoint() throws {
        let baseTime = try unit(.baseTime(ISCP1BaseTime(type: .ntp, seconds: 1_609_459_200, nanoseconds: 5)))
        #expect(ISCP1DataMapping.dataPoint(of: baseTime) == nil)
        let mapped = try #require(ISCP1DataMapping.baseTime(of: baseTime, sessionID: "m"))
        #expect(
            mapped == TelemetryBaseTime(sessionID: "m", name: "ntp", priority: 3, elapsedTime: 1_500_000_000, baseTime: 1_609_459_200_000_000_005))
        #expect(ISCP1DataMapping.baseTime(of: try unit(.int(ISCP1IdentifiedValue(id: "x", value: 1))), sessionID: "m") == nil)
    }
}
