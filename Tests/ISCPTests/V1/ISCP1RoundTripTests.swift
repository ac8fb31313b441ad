import Foundation
import ISCP
import Testing

/// Every element and every payload type survives encoding and decoding unchanged.
@Suite struct ISCP1RoundTripTests {
    static let edge = ISCP1TestUUIDs.edge
    static let measurement = ISCP1TestUUIDs.measurement
    static let destination = ISCP1TestUUIDs.destination

    static let elements: [ISCP1Element] = [
        .upstreamSpecRequest(
            ISCP1UpstreamSpecRequest(
                requestID: 200,
                specs: [
                    ISCP1UpstreamSpec(
                        streamID: 255, store: false, resend: true, measurementUUID: measurement, sourceEdgeUUID: edge,
                        destinationEdgeUUIDs: [destination]
                    ),
                    ISCP1UpstreamSpec(streamID: 1, store: false, resend: false, measurementUUID: measurement, sourceEdgeUUID: ISCP1TestUUIDs.null),
                ]
            )
        ),
        .upstreamSpecRequest(ISCP1UpstreamSpecRequest(requestID: 0, specs: [])),
        .upstreamSpecResponse(ISCP1Response(requestID: 200, resultCode: .ok)),
        .downstreamSpecRequest(
            ISCP1DownstreamSpecRequest(
                requestID: 3,
                specs: [
                    ISCP1DownstreamSpec(streamID: 1, sourceEdgeUUID: edge, destinationEdgeUUID: ISCP1TestUUIDs.null),
                    ISCP1DownstreamSpec(streamID: 2, sourceEdgeUUID: destination, destinationEdgeUUID: edge),
                ]
            )
        ),
        .downstreamSpecResponse(ISCP1Response(requestID: 3, resultCode: .ng)),
        .downstreamFilterRequest(
            ISCP1DownstreamFilterRequest(
                requestID: 4,
                streamFilters: [
                    ISCP1StreamFilter(
                        streamID: 1,
                        dataFilters: [
                            ISCP1DataFilter(
                                channel: 1, dataType: .can,
                                condition: .masks([ISCP1MaskRule(mask: 0x7ff, result: 0x100, accept: false), ISCP1MaskRule(mask: 0, result: 0)])
                            ),
                            ISCP1DataFilter(channel: 2, dataType: .nmea, condition: .masks([])),
                            ISCP1DataFilter(channel: 3, dataType: .string, condition: .labels(["", "état", "x"])),
                            ISCP1DataFilter(channel: 4, rawDataType: 0x42, condition: .any),
                        ]
                    ),
                    ISCP1StreamFilter(streamID: 2, dataFilters: []),
                ]
            )
        ),
        .downstreamFilterResponse(ISCP1Response(requestID: 4, resultCode: .ok)),
        .measurementIDRequest(ISCP1MeasurementIDRequest(requestID: 9, edgeUUID: destination)),
        .measurementIDResponse(ISCP1MeasurementIDResponse(requestID: 9, resultCode: .ng, measurementUUID: ISCP1TestUUIDs.null)),
        .startOfSection(ISCP1StartOfSection(streamID: 7, serialNumber: .max)),
        .endOfSection(ISCP1EndOfSection(streamID: 7, isFinal: true, serialNumber: .max)),
        .sectionAck(ISCP1SectionAck(streamID: 7, resultCode: .ok, serialNumber: 12_345)),
        .unit(
            ISCP1Unit(
                streamID: 7, channel: 255, rawDataType: 0x42,
                elapsedTime: ISCP1ElapsedTime(seconds: 8_388_607, fraction: 999_999, precision: .microseconds),
                payload: [0xaa, 0x03]
            )
        ),
        .unit(
            ISCP1Unit(
                streamID: 0, channel: 0, dataType: .jpeg,
                elapsedTime: ISCP1ElapsedTime(seconds: 0, fraction: 999_999_999, precision: .nanoseconds),
                payload: []
            )
        ),
    ]

    @Test(arguments: elements)
    func element(_ element: ISCP1Element) throws {
        let bytes = try ISCP1Encoder().encode([element])
        #expect(bytes.first == 0xaa)
        #expect(bytes.dropFirst().first == element.elementType.rawValue)
        #expect(try ISCP1Decoder().decode(bytes) == [element])
    }

    @Test func allElementsInOneMessage() throws {
        let bytes = try ISCP1Encoder().encode(Self.elements)
        #expect(try ISCP1Decoder().decode(bytes) == Self.elements)
    }

    @Test func encodingIntoABufferAppends() throws {
        var buffer: [UInt8] = [1, 2, 3]
        try ISCP1Encoder().encode(.sectionAck(ISCP1SectionAck(streamID: 1, resultCode: .ok, serialNumber: 0)), into: &buffer)
        #expect(ISCP1Hex.string(buffer) == "010203" + "aafa010000000000")
    }

    static let payloads: [ISCP1Payload] = [
        .can(ISCP1CANFrame(id: .max, data: [UInt8](repeating: 0x5a, count: 255))),
        .can(ISCP1CANFrame(id: 0, data: [])),
        .nmea("$GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,*47"),
        .nmea(""),
        .generalSensor(ISCP1GeneralSensorReading(sensorID: .max, data: [1, 2, 3, 4, 5, 6])),
        .controlPad(ISCP1ControlPadState(id: 0, data: [])),
        .jpeg([0xff, 0xd8, 0xff, 0xe0, 0xff, 0xd9]),
        .h264(ISCP1VideoNALUnit(typeID: 1, data: [0, 0, 1, 0x41])),
        .h265(ISCP1VideoNALUnit(typeID: 2, data: [0, 0, 1, 0x26, 1])),
        .pcm(ISCP1PCMAudio(formatID: 3, channels: 1, sampleRate: 44_100, bitsPerSample: 24, data: [])),
        .aac([]),
        .string(ISCP1IdentifiedValue(id: String(repeating: "é", count: 127), value: "")),
        .float(ISCP1IdentifiedValue(id: "pi", value: .pi)),
        .float(ISCP1IdentifiedValue(id: "-inf", value: -.infinity)),
        .int(ISCP1IdentifiedValue(id: "min", value: .min)),
        .bytes(ISCP1IdentifiedValue(id: "all", value: Array(0...255))),
        .generic(ISCP1GenericData(id: 1, data: [9])),
        .baseTime(ISCP1BaseTime(type: .gps, seconds: .max, nanoseconds: 999_999_999)),
        .baseTime(ISCP1BaseTime(type: .volatile, seconds: 0, nanoseconds: 0)),
        .baseTime(ISCP1BaseTime(type: .apiFirstReceived, seconds: 1, nanoseconds: 2)),
        .baseTime(ISCP1BaseTime(type: .manual, seconds: 3, nanoseconds: 4)),
        .opaque(rawDataType: ISCP1DataType.mavlinkPacket.rawValue, bytes: [0xfe, 9, 0]),
        .opaque(rawDataType: ISCP1DataType.canBulk.rawValue, bytes: [1]),
        .opaque(rawDataType: ISCP1DataType.generalSensorBulk.rawValue, bytes: []),
        .opaque(rawDataType: 0x42, bytes: [1, 2]),
    ]

    @Test(arguments: payloads)
    func payload(_ payload: ISCP1Payload) throws {
        let unit = try ISCP1Unit(
            streamID: 1,
            channel: 2,
            elapsedTime: ISCP1ElapsedTime(seconds: 3, fraction: 4, precision: .milliseconds),
            payload: payload
        )
        #expect(unit.rawDataType == payload.rawDataType)
        let decoded = try ISCP1Decoder().decode(ISCP1Encoder().encode([.unit(unit)]))
        #expect(decoded == [.unit(unit)])
        guard case .unit(let decodedUnit) = decoded.first else { return }
        #expect(try decodedUnit.decodedPayload() == payload)
    }

    @Test func floatPayloadKeepsTheBitsOfANaN() throws {
        let bits: UInt64 = 0x7ff8_0000_dead_beef
        let payload = ISCP1Payload.float(ISCP1IdentifiedValue(id: "n", value: Double(bitPattern: bits)))
        let decoded = try ISCP1Payload(rawDataType: ISCP1DataType.float.rawValue, decoding: payload.encoded())
        guard case .float(let value) = decoded else {
            Issue.record("not a float: \(decoded)")
            return
        }
        #expect(value.value.bitPattern == bits)
    }
}
