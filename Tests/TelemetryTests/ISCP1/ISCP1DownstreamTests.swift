import Foundation
import ISCP
import Testing

@testable import Telemetry

/// Downstreams: what a viewer receives from an edge, through its filters.
@Suite struct ISCP1DownstreamTests {
    @Test func aViewerReceivesTheUnitsItsFiltersPassWithTheBaseTime() async throws {
        try await ISCP1TestServer.with(storing: false) { server in
            let filters = [
                ISCP1DataFilter(channel: 1, dataType: .int, condition: .labels(["x"])),
                ISCP1DataFilter(channel: 1, dataType: .can, condition: .masks([ISCP1MaskRule(mask: 0x7ff, result: 0x123)])),
                ISCP1DataFilter(
                    channel: 1, dataType: .nmea, condition: .masks([ISCP1MaskRule(mask: 0xff_ffff_ffff, result: ISCP1TestUnits.nmeaID("GPRMC"))])),
                ISCP1DataFilter(channel: 1, dataType: .generalSensor, condition: .masks([ISCP1MaskRule(mask: 0xffff, result: 0x0001)])),
                ISCP1DataFilter(channel: 1, dataType: .generic, condition: .masks([ISCP1MaskRule(mask: 0xffff_ffff, result: 0x10)])),
                ISCP1DataFilter(channel: 1, dataType: .string, condition: .labels(["note"])),
                ISCP1DataFilter(channel: 1, dataType: .bytes, condition: .labels(["blob"])),
                ISCP1DataFilter(channel: 2, dataType: .float),
                ISCP1DataFilter(channel: 1, dataType: .jpeg),
            ]
            let passing: [ISCP1Unit] = [
                try ISCP1TestUnits.unit(1, milliseconds: 100, .int(ISCP1IdentifiedValue(id: "x", value: 42))),
                try ISCP1TestUnits.unit(1, milliseconds: 101, .can(ISCP1CANFrame(id: 0x123, data: [1, 2, 3, 4]))),
                try ISCP1TestUnits.unit(1, milliseconds: 102, .nmea("$GPRMC,123519,A,4807.038,N,01131.000,E*6A")),
                try ISCP1TestUnits.unit(1, milliseconds: 103, .generalSensor(ISCP1GeneralSensorReading(sensorID: 1, data: [9, 8]))),
                try ISCP1TestUnits.unit(1, milliseconds: 104, .generic(ISCP1GenericData(id: 0x10, data: [7]))),
                try ISCP1TestUnits.unit(1, milliseconds: 105, .string(ISCP1IdentifiedValue(id: "note", value: "ok"))),
                try ISCP1TestUnits.unit(1, milliseconds: 106, .bytes(ISCP1IdentifiedValue(id: "blob", value: [0, 255]))),
                try ISCP1TestUnits.unit(1, channel: 2, milliseconds: 107, .float(ISCP1IdentifiedValue(id: "speed", value: -0.5))),
                try ISCP1TestUnits.unit(1, milliseconds: 108, .jpeg([0xff, 0xd8, 0xff, 0xd9])),
            ]
            let blocked: [ISCP1Unit] = [
                try ISCP1TestUnits.unit(1, milliseconds: 200, .int(ISCP1IdentifiedValue(id: "y", value: 1))),
                try ISCP1TestUnits.unit(1, channel: 2, milliseconds: 201, .int(ISCP1IdentifiedValue(id: "x", value: 1))),
                try ISCP1TestUnits.unit(1, milliseconds: 202, .can(ISCP1CANFrame(id: 0x456, data: []))),
                try ISCP1TestUnits.unit(1, milliseconds: 203, .nmea("$GPGGA,123519")),
                try ISCP1TestUnits.unit(1, milliseconds: 204, .generalSensor(ISCP1GeneralSensorReading(sensorID: 2, data: []))),
                try ISCP1TestUnits.unit(1, milliseconds: 205, .generic(ISCP1GenericData(id: 0x11, data: []))),
                try ISCP1TestUnits.unit(1, channel: 3, milliseconds: 206, .float(ISCP1IdentifiedValue(id: "speed", value: 1))),
                try ISCP1TestUnits.unit(1, milliseconds: 207, .aac([1, 2])),
            ]
            try await ISCP1TestPeer.connect(to: server, token: server.administratorToken) { viewer in
                #expect(try await viewer.openDownstream(5, of: server.edge, filters: filters) == [.ok, .ok])
                try await ISCP1TestPeer.connect(to: server, token: server.edgeToken) { device in
                    #expect(try await device.openUpstream(1, store: false, measurement: UUID(), edge: server.edge) == .ok)
                    var elements: [ISCP1Element] = [
                        .startOfSection(ISCP1StartOfSection(streamID: 1, serialNumber: 0)), .unit(try ISCP1TestUnits.baseTime(1)),
                    ]
                    for (pass, block) in zip(passing, blocked + [blocked[0]]) {
                        elements += [.unit(block), .unit(pass)]
                    }
                    elements.append(.endOfSection(ISCP1EndOfSection(streamID: 1, isFinal: false, serialNumber: 0)))
                    try await device.send(elements)
                    #expect(try await device.sectionAck(of: 1).resultCode == .ok)
                }
                let received = try await viewer.units(1 + passing.count, of: 5)
                let baseTime = try #require(received.first)
                #expect(baseTime.channel == 0)
                #expect(try baseTime.decodedPayload() == .baseTime(ISCP1BaseTime(type: .edgeRTC, seconds: 1_609_459_200, nanoseconds: 250_000_000)))
                #expect(baseTime.elapsedTime.nanoseconds == 0)
                for (got, sent) in zip(received.dropFirst(), passing) {
                    #expect(got.channel == sent.channel)
                    #expect(got.rawDataType == sent.rawDataType)
                    #expect(got.payload == sent.payload)
                    #expect(got.elapsedTime.nanoseconds == sent.elapsedTime.nanoseconds)
                }
            }
        }
    }

    @Test func aViewerWithoutFiltersReceivesEverythingAndPointsOfOtherTypesComeAsBytes() async throws {
        try await ISCP1TestServer.with(storing: false) { server in
            try await ISCP1TestPeer.connect(to: server, token: server.edgeToken) { viewer in
                #expect(try await viewer.openDownstream(1, of: server.edge) == [.ok])
                // An iSCP v2 device publishes straight through the broker.
                let upstream = TelemetryUpstream(streamID: UUID(), sessionID: UUID().uuidString.lowercased(), sourceNodeID: server.edgeNodeID)
                await server.broker.publish(
                    TelemetryChunk(
                        upstream: upstream, sequenceNumber: 1,
                        groups: [
                            TelemetryDataPointGroup(
                                dataID: TelemetryDataID(name: "3/temperature", type: "float64"),
                                dataPoints: [
                                    TelemetryDataPoint(elapsedTime: 5, payload: [0x40, 0x09, 0x21, 0xfb, 0x54, 0x44, 0x2d, 0x18])
                                ]),
                            TelemetryDataPointGroup(
                                dataID: TelemetryDataID(name: "position", type: "json"),
                                dataPoints: [
                                    TelemetryDataPoint(elapsedTime: 6, payload: Array("{}".utf8))
                                ]),
                            TelemetryDataPointGroup(
                                dataID: TelemetryDataID(name: "1/early", type: "int64"),
                                dataPoints: [
                                    TelemetryDataPoint(elapsedTime: -1, payload: [UInt8](repeating: 0, count: 8))
                                ]),
                        ]))
                let units = try await viewer.units(2, of: 1)
                #expect(units[0].channel == 3)
                #expect(try units[0].decodedPayload() == .float(ISCP1IdentifiedValue(id: "temperature", value: Double.pi)))
                #expect(units[0].elapsedTime.nanoseconds == 5)
                #expect(units[1].channel == 0)
                #expect(try units[1].decodedPayload() == .bytes(ISCP1IdentifiedValue(id: "position", value: Array("{}".utf8))))
            }
        }
    }

    @Test func aDownstreamClosedByANullSpecLeavesTheBroker() async throws {
        try await ISCP1TestServer.with(storing: false) { server in
            try await ISCP1TestPeer.connect(to: server, token: server.edgeToken) { viewer in
                #expect(try await viewer.openDownstream(1, of: server.edge) == [.ok])
                #expect(try await viewer.openDownstream(1, of: server.edge, requestID: 1) == [.ng])
                #expect(await server.broker.subscriptionCount == 1)
                let close = ISCP1DownstreamSpec(streamID: 1, sourceEdgeUUID: ISCP1TestPeer.nullUUID, destinationEdgeUUID: ISCP1TestPeer.nullUUID)
                try await viewer.send([.downstreamSpecRequest(ISCP1DownstreamSpecRequest(requestID: 2, specs: [close]))])
                #expect(try await viewer.response(to: 2) == .ok)
                #expect(await server.broker.subscriptionCount == 0)
                // intdash-py follows the close with a filter for the closed stream: it is accepted.
                try await viewer.send([
                    .downstreamFilterRequest(
                        ISCP1DownstreamFilterRequest(requestID: 3, streamFilters: [ISCP1StreamFilter(streamID: 1, dataFilters: [])]))
                ])
                #expect(try await viewer.response(to: 3) == .ok)
                // The stream id can be opened again.
                #expect(try await viewer.openDownstream(1, of: server.edge, requestID: 4) == [.ok])
            }
            // The connection's end unsubscribes what is still open.
            #expect(await server.broker.waitUntilSubscriptionCount { $0 == 0 })
        }
    }

    @Test func aViewerMayNotWatchAnEdgeItHasNoRightTo() async throws {
        try await ISCP1TestServer.with(storing: false) { server in
            try await ISCP1TestPeer.connect(to: server, token: server.aliceToken) { viewer in
                let results = try await viewer.openDownstream(1, of: server.edge)
                #expect(results == [.ng])
                #expect(await server.broker.subscriptionCount == 0)
            }
        }
    }
}
