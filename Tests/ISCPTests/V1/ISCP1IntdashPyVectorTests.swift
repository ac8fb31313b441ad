import Foundation
import ISCP
import Testing

/// More vectors, which came from intdash-py 2.1.1's encoder (`intdash._protocol.Writer`), decoded
/// field by field and encoded back to the same bytes. E, M and D are ``ISCP1TestUUIDs``.
@Suite struct ISCP1IntdashPyVectorTests {
    let edge = ISCP1TestUUIDs.edge
    let measurement = ISCP1TestUUIDs.measurement
    let destination = ISCP1TestUUIDs.destination

    /// Checks that `hex` decodes to exactly `element` and that `element` encodes to `hex`.
    func check(_ hex: String, _ element: ISCP1Element) throws {
        #expect(try decodeOneISCP1Element(hex) == element)
        #expect(try encodeISCP1Hex([element]) == hex)
    }

    /// Checks a unit vector of stream 1, channel 1 and its decoded payload.
    func checkUnit(_ hex: String, elapsed: ISCP1ElapsedTime, _ payload: ISCP1Payload, dataID: String?) throws {
        let unit = try ISCP1Unit(streamID: 1, channel: 1, elapsedTime: elapsed, payload: payload)
        try check(hex, .unit(unit))
        guard case .unit(let decoded) = try decodeOneISCP1Element(hex) else { return }
        #expect(try decoded.decodedPayload() == payload)
        #expect(payload.dataID == dataID)
    }

    let zero = ISCP1ElapsedTime(seconds: 0, fraction: 0, precision: .milliseconds)

    @Test func upstreamSpecRequestWithTwoSpecsAndDestinations() throws {
        let hex =
            "aa9007020302" + "03aaaaaaaabbbbccccddddeeeeeeeeeeee11111111222233334444555555555555"
            + "0123456789abcdef0123456789abcdef" + "aaaaaaaabbbbccccddddeeeeeeeeeeee"
            + "040000aaaaaaaabbbbccccddddeeeeeeeeeeee11111111222233334444555555555555"
        try check(
            hex,
            .upstreamSpecRequest(
                ISCP1UpstreamSpecRequest(
                    requestID: 7,
                    specs: [
                        ISCP1UpstreamSpec(
                            streamID: 3, store: true, resend: true, measurementUUID: measurement, sourceEdgeUUID: edge,
                            destinationEdgeUUIDs: [destination, measurement]
                        ),
                        ISCP1UpstreamSpec(streamID: 4, store: false, resend: false, measurementUUID: measurement, sourceEdgeUUID: edge),
                    ]
                )
            )
        )
    }

    @Test func responses() throws {
        try check("aa810701", .upstreamSpecResponse(ISCP1Response(requestID: 7, resultCode: .ng)))
        try check("aa83ff00", .downstreamSpecResponse(ISCP1Response(requestID: 255, resultCode: .ok)))
        try check("aa870200", .downstreamFilterResponse(ISCP1Response(requestID: 2, resultCode: .ok)))
        try check(
            "aa850100aaaaaaaabbbbccccddddeeeeeeeeeeee",
            .measurementIDResponse(ISCP1MeasurementIDResponse(requestID: 1, resultCode: .ok, measurementUUID: measurement))
        )
    }

    @Test func downstreamSpecRequest() throws {
        try check(
            "aa91ff0109111111112222333344445555555555550123456789abcdef0123456789abcdef",
            .downstreamSpecRequest(
                ISCP1DownstreamSpecRequest(
                    requestID: 255,
                    specs: [ISCP1DownstreamSpec(streamID: 9, sourceEdgeUUID: edge, destinationEdgeUUID: destination)]
                )
            )
        )
    }

    @Test func downstreamFilterRequestOfEveryKind() throws {
        // intdash-py's from_ids: CAN "000001a0", NMEA "GPRMC", GeneralSensor "0102", Generic
        // "deadbeef", Float ["speed", "rpm"], and Any for JPEG.
        let hex =
            "aa8602010906" + "00" + "01010a0001ffffffffa00100000102020c0001ffffffffff4750524d4301"
            + "03030600" + "01ffff020101" + "047f0a0001ffffffffefbeadde01" + "050b0b00020573706565640372706d" + "06090000"
        let all: UInt64 = 0xffff_ffff
        try check(
            hex,
            .downstreamFilterRequest(
                ISCP1DownstreamFilterRequest(
                    requestID: 2,
                    streamFilters: [
                        ISCP1StreamFilter(
                            streamID: 9,
                            dataFilters: [
                                ISCP1DataFilter(channel: 1, dataType: .can, condition: .masks([ISCP1MaskRule(mask: all, result: 0x1a0)])),
                                ISCP1DataFilter(
                                    channel: 2, dataType: .nmea,
                                    condition: .masks([ISCP1MaskRule(mask: 0xff_ffff_ffff, result: 0x43_4d52_5047)])
                                ),
                                ISCP1DataFilter(
                                    channel: 3, dataType: .generalSensor, condition: .masks([ISCP1MaskRule(mask: 0xffff, result: 0x0102)])
                                ),
                                ISCP1DataFilter(channel: 4, dataType: .generic, condition: .masks([ISCP1MaskRule(mask: all, result: 0xdead_beef)])),
                                ISCP1DataFilter(channel: 5, dataType: .float, condition: .labels(["speed", "rpm"])),
                                ISCP1DataFilter(channel: 6, dataType: .jpeg, condition: .any),
                            ]
                        )
                    ]
                )
            )
        )
    }

    @Test func finalEndOfSectionAndFailedAck() throws {
        try check("aaf8020104030201", .endOfSection(ISCP1EndOfSection(streamID: 2, isFinal: true, serialNumber: 0x0102_0304)))
        try check("aafa020105000000", .sectionAck(ISCP1SectionAck(streamID: 2, resultCode: .ng, serialNumber: 5)))
    }

    @Test func canUnitInMilliseconds() throws {
        try checkUnit(
            "aa030101010400e80334a0010000080102030405060708",
            elapsed: ISCP1ElapsedTime(seconds: 2, fraction: 250, precision: .milliseconds),
            .can(ISCP1CANFrame(id: 0x1a0, data: [1, 2, 3, 4, 5, 6, 7, 8])),
            dataID: "000001a0"
        )
    }

    @Test func nmeaUnitInMicrosecondsWithThreeByteSeconds() throws {
        try checkUnit(
            "aa030101028138010500002c244750524d432c312a3030",
            elapsed: ISCP1ElapsedTime(seconds: 40_000, fraction: 1, precision: .microseconds),
            .nmea("$GPRMC,1*00"),
            dataID: "GPRMC"
        )
    }

    @Test func payloadsOfEveryDataType() throws {
        try checkUnit(
            "aa03010103000002000000140201090807",
            elapsed: ISCP1ElapsedTime(seconds: 0, fraction: 0, precision: .nanoseconds),
            .generalSensor(ISCP1GeneralSensorReading(sensorID: 0x0102, data: [9, 8, 7])),
            dataID: "0102"
        )
        try checkUnit(
            "aa03010104000004000cab0100",
            elapsed: ISCP1ElapsedTime(seconds: 0, fraction: 1, precision: .milliseconds),
            .controlPad(ISCP1ControlPadState(id: 0xab, data: [1, 0])),
            dataID: "ab"
        )
        try checkUnit("aa030101090000000010ffd8ffd9", elapsed: zero, .jpeg([0xff, 0xd8, 0xff, 0xd9]), dataID: "jpeg")
        try checkUnit(
            "aa0301010d0000000018050000000165",
            elapsed: zero,
            .h264(ISCP1VideoNALUnit(typeID: 5, data: [0, 0, 0, 1, 0x65])),
            dataID: "05"
        )
        try checkUnit(
            "aa0301010f00000000380100020080bb0000100001020304",
            elapsed: zero,
            .pcm(ISCP1PCMAudio(formatID: 1, channels: 2, sampleRate: 48_000, bitsPerSample: 16, data: [1, 2, 3, 4])),
            dataID: "pcm"
        )
        try checkUnit("aa030101100000000008fff1", elapsed: zero, .aac([0xff, 0xf1]), dataID: "aac")
        try checkUnit(
            "aa0301010a00000000380467656172647269766520e29c93",
            elapsed: zero,
            .string(ISCP1IdentifiedValue(id: "gear", value: "drive ✓")),
            dataID: "gear"
        )
        try checkUnit(
            "aa0301010b000000003805737065656400000000000029c0",
            elapsed: zero,
            .float(ISCP1IdentifiedValue(id: "speed", value: -12.5)),
            dataID: "speed"
        )
        try checkUnit(
            "aa0301010e0000000010016200ff",
            elapsed: zero,
            .bytes(ISCP1IdentifiedValue(id: "b", value: [0, 255])),
            dataID: "b"
        )
        try checkUnit(
            "aa0301017f0000000014efbeadde01",
            elapsed: zero,
            .generic(ISCP1GenericData(id: 0xdead_beef, data: [1])),
            dataID: "deadbeef"
        )
        try checkUnit(
            "aa0301018700000200000024020066ee5f15cd5b07",
            elapsed: ISCP1ElapsedTime(seconds: 0, fraction: 0, precision: .nanoseconds),
            .baseTime(ISCP1BaseTime(type: .ntp, seconds: 1_609_459_200, nanoseconds: 123_456_789)),
            dataID: nil
        )
    }

    @Test func sixtyFourBytePayloadAtThirtyTwoThousandSevenHundredSixtyEightSeconds() throws {
        // Bytes with an empty id and 63 zero bytes: a payload of 64, the first two-byte length;
        // elapsed 32768 s, the first three-byte seconds.
        let hex = "aa0301010e" + "010001" + "0000" + "0101" + "00" + String(repeating: "00", count: 63)
        try checkUnit(
            hex,
            elapsed: ISCP1ElapsedTime(seconds: 32_768, fraction: 0, precision: .milliseconds),
            .bytes(ISCP1IdentifiedValue(id: "", value: [UInt8](repeating: 0, count: 63))),
            dataID: ""
        )
    }
}
