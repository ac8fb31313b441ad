import Foundation
import ISCP
import Testing

/// The test vectors of spec §2.2, made with intdash-py 2.1.1's encoder, in both directions.
@Suite struct ISCP1SpecVectorTests {
    let edge = ISCP1TestUUIDs.edge
    let measurement = ISCP1TestUUIDs.measurement

    @Test func upstreamSpecRequest() throws {
        let hex = "aa900001010002aaaaaaaabbbbccccddddeeeeeeeeeeee11111111222233334444555555555555"
        guard case .upstreamSpecRequest(let request) = try decodeOneISCP1Element(hex) else {
            Issue.record("not an upstream spec request")
            return
        }
        #expect(request.requestID == 0)
        #expect(request.specs.count == 1)
        let spec = try #require(request.specs.first)
        #expect(spec.streamID == 1)
        #expect(spec.store)
        #expect(!spec.resend)
        #expect(spec.measurementUUID == measurement)
        #expect(spec.sourceEdgeUUID == edge)
        #expect(spec.destinationEdgeUUIDs.isEmpty)

        let value = ISCP1Element.upstreamSpecRequest(
            ISCP1UpstreamSpecRequest(
                requestID: 0,
                specs: [ISCP1UpstreamSpec(streamID: 1, store: true, resend: false, measurementUUID: measurement, sourceEdgeUUID: edge)]
            )
        )
        #expect(try encodeISCP1Hex([value]) == hex)
    }

    @Test func measurementIDRequest() throws {
        let hex = "aa920111111111222233334444555555555555"
        let decoded = try decodeOneISCP1Element(hex)
        let value = ISCP1Element.measurementIDRequest(ISCP1MeasurementIDRequest(requestID: 1, edgeUUID: edge))
        #expect(decoded == value)
        guard case .measurementIDRequest(let request) = decoded else { return }
        #expect(request.requestID == 1)
        #expect(request.edgeUUID == edge)
        #expect(try encodeISCP1Hex([value]) == hex)
    }

    @Test func sectionWithAnIntUnit() throws {
        let hex = "aaf90100000000" + "aa0301010c0200029435772801782a00000000000000" + "aaf8010000000000"
        let elements = try ISCP1Decoder().decode(ISCP1Hex.bytes(hex))
        #expect(elements.count == 3)
        guard elements.count == 3,
            case .startOfSection(let start) = elements[0],
            case .unit(let unit) = elements[1],
            case .endOfSection(let end) = elements[2]
        else {
            Issue.record("expected SOS, unit, EOS; got \(elements)")
            return
        }
        #expect(start.streamID == 1)
        #expect(start.serialNumber == 0)
        #expect(unit.streamID == 1)
        #expect(unit.channel == 1)
        #expect(unit.dataType == .int)
        #expect(unit.elapsedTime.seconds == 1)
        #expect(unit.elapsedTime.fraction == 500_000_000)
        #expect(unit.elapsedTime.precision == .nanoseconds)
        #expect(unit.elapsedTime.nanoseconds == 1_500_000_000)
        #expect(unit.payload.count == 10)
        #expect(try unit.decodedPayload() == .int(ISCP1IdentifiedValue(id: "x", value: 42)))
        #expect(end.streamID == 1)
        #expect(!end.isFinal)
        #expect(end.serialNumber == 0)

        let values: [ISCP1Element] = [
            .startOfSection(ISCP1StartOfSection(streamID: 1, serialNumber: 0)),
            .unit(
                try ISCP1Unit(
                    streamID: 1,
                    channel: 1,
                    elapsedTime: ISCP1ElapsedTime(nanoseconds: 1_500_000_000, precision: .nanoseconds),
                    payload: .int(ISCP1IdentifiedValue(id: "x", value: 42))
                )
            ),
            .endOfSection(ISCP1EndOfSection(streamID: 1, isFinal: false, serialNumber: 0)),
        ]
        #expect(elements == values)
        #expect(try encodeISCP1Hex(values) == hex)
    }

    @Test func baseTimeUnit() throws {
        let hex = "aa0301018700000200000024010066ee5f00000000"
        guard case .unit(let unit) = try decodeOneISCP1Element(hex) else {
            Issue.record("not a unit")
            return
        }
        #expect(unit.streamID == 1)
        #expect(unit.channel == 1)
        #expect(unit.dataType == .baseTime)
        #expect(unit.elapsedTime == ISCP1ElapsedTime(seconds: 0, fraction: 0, precision: .nanoseconds))
        let baseTime = ISCP1BaseTime(type: .edgeRTC, seconds: 1_609_459_200, nanoseconds: 0)
        #expect(try unit.decodedPayload() == .baseTime(baseTime))
        #expect(baseTime.date == ISO8601DateFormatter().date(from: "2021-01-01T00:00:00Z"))
        let value = try ISCP1Unit(
            streamID: 1,
            channel: 1,
            elapsedTime: ISCP1ElapsedTime(seconds: 0, fraction: 0, precision: .nanoseconds),
            payload: .baseTime(baseTime)
        )
        #expect(try encodeISCP1Hex([.unit(value)]) == hex)
    }

    @Test func sectionAck() throws {
        let hex = "aafa010000000000"
        let value = ISCP1Element.sectionAck(ISCP1SectionAck(streamID: 1, resultCode: .ok, serialNumber: 0))
        #expect(try decodeOneISCP1Element(hex) == value)
        #expect(try encodeISCP1Hex([value]) == hex)
    }
}
