import Foundation
import ISCP
import Testing

@testable import Telemetry

/// Upstreams: opening, sections and their acks, storing, and what reaches the broker.
@Suite struct ISCP1UpstreamTests {
    @Test func aStoredSectionIsAcknowledgedOnceTheRecorderHasItAndAFinalOneEndsTheMeasurement() async throws {
        try await ISCP1TestServer.with { server in
            let measurements = try #require(server.measurements)
            let measurement = UUID()
            let session = measurement.uuidString.lowercased()
            try await ISCP1TestPeer.connect(to: server, token: server.edgeToken) { peer in
                #expect(try await peer.openUpstream(1, store: true, measurement: measurement, edge: server.edge) == .ok)
                try await peer.send([
                    .startOfSection(ISCP1StartOfSection(streamID: 1, serialNumber: 0)),
                    .unit(try ISCP1TestUnits.baseTime(1)),
                    .unit(try ISCP1TestUnits.unit(1, milliseconds: 1500, .int(ISCP1IdentifiedValue(id: "x", value: 42)))),
                    .unit(try ISCP1TestUnits.unit(1, milliseconds: 1600, .int(ISCP1IdentifiedValue(id: "x", value: -1)))),
                    .unit(try ISCP1TestUnits.unit(1, channel: 2, milliseconds: 1700, .string(ISCP1IdentifiedValue(id: "note", value: "héllo")))),
                    .endOfSection(ISCP1EndOfSection(streamID: 1, isFinal: false, serialNumber: 0)),
                ])
                #expect(try await peer.sectionAck(of: 1) == ISCP1SectionAck(streamID: 1, resultCode: .ok, serialNumber: 0))
                let stored = try await server.storedPoints(of: measurement)
                #expect(
                    stored.map(\.dataID) == [
                        TelemetryDataID(name: "1/x", type: "int64"), TelemetryDataID(name: "1/x", type: "int64"),
                        TelemetryDataID(name: "2/note", type: "string"),
                    ])
                #expect(
                    stored.map(\.dataPoint) == [
                        TelemetryDataPoint(elapsedTime: 1_500_000_000, payload: [0, 0, 0, 0, 0, 0, 0, 42]),
                        TelemetryDataPoint(elapsedTime: 1_600_000_000, payload: [UInt8](repeating: 0xff, count: 8)),
                        TelemetryDataPoint(elapsedTime: 1_700_000_000, payload: Array("héllo".utf8)),
                    ])
                let baseTime = try await measurements.baseTime(of: session, type: .edgeRTC)
                #expect(baseTime.basetime == 1_609_459_200_250_000_000)
                #expect(try await measurements.measurement(uuid: session).ended == false)

                try await peer.send([
                    .startOfSection(ISCP1StartOfSection(streamID: 1, serialNumber: 1)),
                    .unit(try ISCP1TestUnits.unit(1, milliseconds: 2000, .float(ISCP1IdentifiedValue(id: "speed", value: 2.5)))),
                    .endOfSection(ISCP1EndOfSection(streamID: 1, isFinal: true, serialNumber: 1)),
                ])
                #expect(try await peer.sectionAck(of: 1) == ISCP1SectionAck(streamID: 1, resultCode: .ok, serialNumber: 1))
                #expect(try await measurements.measurement(uuid: session).ended)
                #expect(try await server.storedPoints(of: measurement).count == 4)
            }
        }
    }

    @Test func aReSentSectionIsStoredOnceAndAcknowledgedAgain() async throws {
        try await ISCP1TestServer.with { server in
            let measurement = UUID()
            let section: @Sendable (UInt8, Int64) throws -> [ISCP1Element] = { stream, value in
                [
                    .startOfSection(ISCP1StartOfSection(streamID: stream, serialNumber: 5)),
                    .unit(try ISCP1TestUnits.unit(stream, milliseconds: 10, .int(ISCP1IdentifiedValue(id: "x", value: value)))),
                    .endOfSection(ISCP1EndOfSection(streamID: stream, isFinal: false, serialNumber: 5)),
                ]
            }
            // The first connection is lost after sending; the device re-sends on another stream id.
            try await ISCP1TestPeer.connect(to: server, token: server.edgeToken) { peer in
                #expect(try await peer.openUpstream(1, store: true, measurement: measurement, edge: server.edge) == .ok)
                try await peer.send(section(1, 1))
                #expect(try await peer.sectionAck(of: 1).resultCode == .ok)
            }
            try await ISCP1TestPeer.connect(to: server, token: server.edgeToken) { peer in
                #expect(try await peer.openUpstream(9, store: true, measurement: measurement, edge: server.edge) == .ok)
                try await peer.send(section(9, 2))
                #expect(try await peer.sectionAck(of: 9) == ISCP1SectionAck(streamID: 9, resultCode: .ok, serialNumber: 5))
            }
            let stored = try await server.storedPoints(of: measurement)
            #expect(stored.map(\.dataPoint.payload) == [[0, 0, 0, 0, 0, 0, 0, 1]])
        }
    }

    @Test func aSectionThatCannotBeStoredOrWasNotStartedIsAcknowledgedNG() async throws {
        try await ISCP1TestServer.with { server in
            let measurement = UUID()
            try await ISCP1TestPeer.connect(to: server, token: server.edgeToken) { peer in
                #expect(try await peer.openUpstream(1, store: true, measurement: measurement, edge: server.edge) == .ok)
                // An EOS with no SOS before it.
                try await peer.send([.endOfSection(ISCP1EndOfSection(streamID: 1, isFinal: false, serialNumber: 3))])
                #expect(try await peer.sectionAck(of: 1) == ISCP1SectionAck(streamID: 1, resultCode: .ng, serialNumber: 3))
                // An EOS whose serial number is not the open section's.
                try await peer.send([
                    .startOfSection(ISCP1StartOfSection(streamID: 1, serialNumber: 4)),
                    .endOfSection(ISCP1EndOfSection(streamID: 1, isFinal: false, serialNumber: 5)),
                ])
                #expect(try await peer.sectionAck(of: 1) == ISCP1SectionAck(streamID: 1, resultCode: .ng, serialNumber: 5))
                // A file stands where the measurement's points would go: its sections cannot be stored.
                let blocked = TelemetryDataStore.directory(of: measurement, in: server.dataDirectory)
                try FileManager.default.createDirectory(atPath: (blocked as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                #expect(FileManager.default.createFile(atPath: blocked, contents: Data("not a directory".utf8)))
                try await peer.send([
                    .startOfSection(ISCP1StartOfSection(streamID: 1, serialNumber: 6)),
                    .unit(try ISCP1TestUnits.unit(1, milliseconds: 10, .int(ISCP1IdentifiedValue(id: "x", value: 1)))),
                    .endOfSection(ISCP1EndOfSection(streamID: 1, isFinal: false, serialNumber: 6)),
                ])
                #expect(try await peer.sectionAck(of: 1) == ISCP1SectionAck(streamID: 1, resultCode: .ng, serialNumber: 6))
            }
        }
    }

    @Test func aSectionOfAnUpstreamThatDoesNotStoreIsAcknowledgedAtOnce() async throws {
        try await ISCP1TestServer.with(storing: false) { server in
            try await ISCP1TestPeer.connect(to: server, token: server.edgeToken) { peer in
                #expect(try await peer.openUpstream(1, store: true, measurement: UUID(), edge: server.edge) == .ng)
                #expect(try await peer.openUpstream(1, requestID: 1, store: false, measurement: UUID(), edge: server.edge) == .ok)
                try await peer.send([
                    .startOfSection(ISCP1StartOfSection(streamID: 1, serialNumber: 0)),
                    .unit(try ISCP1TestUnits.unit(1, milliseconds: 10, .int(ISCP1IdentifiedValue(id: "x", value: 1)))),
                    .endOfSection(ISCP1EndOfSection(streamID: 1, isFinal: true, serialNumber: 0)),
                ])
                #expect(try await peer.sectionAck(of: 1) == ISCP1SectionAck(streamID: 1, resultCode: .ok, serialNumber: 0))
            }
        }
    }

    @Test func anUpstreamIsRefusedForAnotherEdgeATakenStreamIDOrAMeasurementOfAnotherEdge() async throws {
        try await ISCP1TestServer.with { server in
            let measurements = try #require(server.measurements)
            let othersMeasurement = try #require(UUID(uuidString: try await measurements.create(edgeUUID: UUID().uuidString.lowercased()).uuid))
            try await ISCP1TestPeer.connect(to: server, token: server.aliceToken) { peer in
                let asAnotherEdge = try await peer.openUpstream(1, store: false, measurement: UUID(), edge: server.edge)
                #expect(asAnotherEdge == .ng)
            }
            try await ISCP1TestPeer.connect(to: server, token: server.edgeToken) { peer in
                let intoAnotherEdgesMeasurement = try await peer.openUpstream(1, store: true, measurement: othersMeasurement, edge: server.edge)
                #expect(intoAnotherEdgesMeasurement == .ng)
                let opened = try await peer.openUpstream(1, requestID: 1, store: false, measurement: UUID(), edge: server.edge)
                #expect(opened == .ok)
                let openedTwice = try await peer.openUpstream(1, requestID: 2, store: false, measurement: UUID(), edge: server.edge)
                #expect(openedTwice == .ng)
                let downstreamOnTheSameID = try await peer.openDownstream(1, of: server.edge, requestID: 3)
                #expect(downstreamOnTheSameID == [.ng])
                // Stream and request ids are whole bytes: 255 works like any other.
                let onStream255 = try await peer.openUpstream(255, requestID: 255, store: false, measurement: UUID(), edge: server.edge)
                #expect(onStream255 == .ok)
                let onStream0 = try await peer.openUpstream(0, requestID: 0, store: false, measurement: UUID(), edge: server.edge)
                #expect(onStream0 == .ok)
            }
        }
    }

    @Test func aVersion1DeviceIsSeenByABrokerSubscriberAsDataIDsAndMetadata() async throws {
        try await ISCP1TestServer.with(storing: false) { server in
            let measurement = UUID()
            let upstream = TelemetryUpstream.iscp1(measurement: measurement, sourceEdge: server.edge)
            let watch = await server.broker.subscribe([.all(from: server.edgeNodeID)])
            let can = try ISCP1TestUnits.unit(1, milliseconds: 20, .can(ISCP1CANFrame(id: 0x123, data: [1, 2, 3])))
            try await ISCP1TestPeer.connect(to: server, token: server.edgeToken) { peer in
                #expect(try await peer.openUpstream(1, store: false, measurement: measurement, edge: server.edge) == .ok)
                try await peer.send([
                    .startOfSection(ISCP1StartOfSection(streamID: 1, serialNumber: 3)),
                    .unit(try ISCP1TestUnits.baseTime(1)),
                    .unit(try ISCP1TestUnits.unit(1, milliseconds: 1500, .int(ISCP1IdentifiedValue(id: "x", value: 42)))),
                    .unit(try ISCP1TestUnits.unit(1, channel: 2, milliseconds: 10, .float(ISCP1IdentifiedValue(id: "speed", value: 2.5)))),
                    .unit(can),
                    .unit(try ISCP1TestUnits.unit(1, milliseconds: 1600, .int(ISCP1IdentifiedValue(id: "x", value: 43)))),
                    .endOfSection(ISCP1EndOfSection(streamID: 1, isFinal: false, serialNumber: 3)),
                ])
                #expect(try await peer.sectionAck(of: 1).resultCode == .ok)
                try await peer.send([
                    .upstreamSpecRequest(
                        ISCP1UpstreamSpecRequest(
                            requestID: 1,
                            specs: [
                                ISCP1UpstreamSpec(
                                    streamID: 1, store: false, resend: false, measurementUUID: ISCP1TestPeer.nullUUID,
                                    sourceEdgeUUID: ISCP1TestPeer.nullUUID)
                            ]))
                ])
                #expect(try await peer.response(to: 1) == .ok)
            }
            await server.broker.unsubscribe(watch.id)
            var events: [TelemetryDownstreamEvent] = []
            for await event in watch.events { events.append(event) }

            let bigEndian: (UInt64) -> [UInt8] = { value in (0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) } }
            let expectedChunk = TelemetryChunk(
                upstream: upstream, sequenceNumber: 3,
                groups: [
                    TelemetryDataPointGroup(
                        dataID: TelemetryDataID(name: "1/x", type: "int64"),
                        dataPoints: [
                            TelemetryDataPoint(elapsedTime: 1_500_000_000, payload: bigEndian(42)),
                            TelemetryDataPoint(elapsedTime: 1_600_000_000, payload: bigEndian(43)),
                        ]),
                    TelemetryDataPointGroup(
                        dataID: TelemetryDataID(name: "2/speed", type: "float64"),
                        dataPoints: [
                            TelemetryDataPoint(elapsedTime: 10_000_000, payload: bigEndian((2.5).bitPattern))
                        ]),
                    TelemetryDataPointGroup(
                        dataID: TelemetryDataID(name: "1/00000123", type: "can"),
                        dataPoints: [
                            TelemetryDataPoint(elapsedTime: 20_000_000, payload: can.payload)
                        ]),
                ])
            let baseTime = TelemetryBaseTime(
                sessionID: upstream.sessionID, name: "edge_rtc", priority: 2, elapsedTime: 0, baseTime: 1_609_459_200_250_000_000)
            #expect(
                events == [
                    .metadata(.upstreamOpened(upstream), sourceNodeID: server.edgeNodeID),
                    .metadata(.baseTime(baseTime), sourceNodeID: server.edgeNodeID),
                    .chunk(expectedChunk),
                    .metadata(.upstreamClosed(upstream, totalDataPoints: 4, finalSequenceNumber: 3), sourceNodeID: server.edgeNodeID),
                ])
        }
    }

    @Test func theStreamOfAnUpstreamDependsOnlyOnItsMeasurementAndEdge() {
        let measurement = UUID(uuidString: "AAAAAAAA-BBBB-CCCC-DDDD-EEEEEEEEEEEE")!
        let edge = UUID(uuidString: "11111111-2222-3333-4444-555555555555")!
        let upstream = TelemetryUpstream.iscp1(measurement: measurement, sourceEdge: edge)
        #expect(upstream == TelemetryUpstream.iscp1(measurement: measurement, sourceEdge: edge))
        #expect(upstream.sessionID == "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee")
        #expect(upstream.sourceNodeID == "11111111-2222-3333-4444-555555555555")
        #expect(upstream.streamID != TelemetryUpstream.iscp1(measurement: edge, sourceEdge: measurement).streamID)
        #expect(upstream.streamID.uuidString.dropFirst(14).first == "8")
    }
}
