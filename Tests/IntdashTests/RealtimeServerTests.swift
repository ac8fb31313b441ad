import ChanceryTestSupport
import Foundation
import Intdash
import Testing

/// Upstreams and downstreams through a real server's iSCP 1.0 and iSCP v2 endpoints: each
/// scenario runs over both protocols, with a device signed in as its edge and a viewer with
/// the administrator's API key.
@Suite(.serialized) struct RealtimeServerTests {
    /// A measurement UUID, fresh for each test.
    let measurement = UUID().uuidString.lowercased()

    @Test(arguments: [IntdashClient.RealtimeProtocol.iscp1, .iscp2])
    func upstreamReachesDownstreamWithSectionAcks(realtimeProtocol: IntdashClient.RealtimeProtocol) async throws {
        try await IntdashServer.with { server in
            let (device, edge) = try await server.device(speaking: realtimeProtocol)
            let viewer = server.client()
            viewer.realtimeProtocol = realtimeProtocol
            let viewerLog = RealtimeRecorder()
            viewer.downstreamManager.addDelegate(delegate: viewerLog)
            try await viewer.connect(reconnectTimeInterval: 0)
            let downstream = try viewer.downstreamManager.open(srcEdgeId: edge)
            try await viewer.downstreamManager.sync()
            #expect(viewer.downstreamManager.downstreamIds == [downstream])

            let deviceLog = RealtimeRecorder()
            device.addDelegate(deviceLog)
            device.upstreamManager.addDelegate(delegate: deviceLog)
            try await device.connect(reconnectTimeInterval: 0)
            #expect(deviceLog.current.connects == 1)
            let upstream = try device.upstreamManager.open(measurementId: measurement, srcEdgeId: edge, store: false, sectionUpdateInterval: 0.5)
            #expect(throws: IntdashClientUpstreamManagerError.self) {
                try device.upstreamManager.sendUnit(try IntdashData.DataFloat(id: "speed", data: 1), elapsedTime: 0, streamId: upstream)
            }
            try await device.upstreamManager.sync()
            let baseTime: TimeInterval = 1_700_000_000
            try device.upstreamManager.sendFirstData(baseTime, streamId: upstream, channelNum: 1)
            for index in 0..<10 {
                try device.upstreamManager.sendUnit(
                    try IntdashData.DataFloat(id: "speed", data: Double(index)), elapsedTime: 0.1 * Double(index), streamId: upstream)
            }
            try device.upstreamManager.sendLastData(streamId: upstream)

            let received = await viewerLog.wait { $0.points.filter { $0.dataID == "speed" }.count == 10 }
            #expect(received)
            let speeds = viewerLog.current.points.filter { $0.dataID == "speed" }
            #expect(speeds.map(\.value) == (0..<10).map { Double($0) })
            #expect(speeds.allSatisfy { $0.source == edge && $0.dataType == IntdashDataType.float.rawValue })
            #expect(abs((speeds.last?.time.timeIntervalSince1970 ?? 0) - (baseTime + 0.9)) < 0.001)

            let acknowledged = await deviceLog.wait { log in log.acks.contains { $0.isFinal } }
            #expect(acknowledged)
            let log = deviceLog.current
            #expect(log.acks.allSatisfy { $0.success })
            #expect(log.acks.map(\.sentCount).reduce(0, +) == 11)
            #expect(Set(log.acks.map(\.sectionID)) == Set(log.sections.map(\.sectionID)))
            #expect(log.sections.map(\.sectionIndex) == [0, 1])

            try await device.upstreamManager.close(streamIds: [upstream])
            device.upstreamManager.removeClosedUpstream()
            #expect(device.upstreamManager.upstreamIds.isEmpty)
            try await viewer.downstreamManager.close(streamIds: [downstream])
            await device.disconnect()
            await viewer.disconnect()
            #expect(deviceLog.current.disconnects == 1)
        }
    }

    @Test(arguments: [IntdashClient.RealtimeProtocol.iscp1, .iscp2])
    func filtersChooseWhatADownstreamReceives(realtimeProtocol: IntdashClient.RealtimeProtocol) async throws {
        try await IntdashServer.with { server in
            let (device, edge) = try await server.device(speaking: realtimeProtocol)
            let viewer = server.client()
            viewer.realtimeProtocol = realtimeProtocol
            let viewerLog = RealtimeRecorder()
            viewer.downstreamManager.addDelegate(delegate: viewerLog)
            try await viewer.connect(reconnectTimeInterval: 0)
            let downstream = try viewer.downstreamManager.open(srcEdgeId: edge)
            let filters = IntdashClient.DownstreamManager.RequestFilters()
            filters.append(streamId: downstream, channelNum: 1, dataType: .float, id: "speed")
            try await viewer.downstreamManager.sync(filters: filters)

            try await device.connect(reconnectTimeInterval: 0)
            let upstream = try device.upstreamManager.open(measurementId: measurement, srcEdgeId: edge, store: false)
            try await device.upstreamManager.sync()
            try device.upstreamManager.sendFirstData(1_700_000_000, streamId: upstream, channelNum: 1)
            try device.upstreamManager.sendUnits(
                [
                    try IntdashData.DataFloat(id: "rpm", data: 1), try IntdashData.DataFloat(id: "speed", data: 2),
                    IntdashData.DataCAN(id: 1, dlc: 0, data: []),
                ],
                elapsedTime: 0.5, streamId: upstream
            )
            try device.upstreamManager.sendUnit(try IntdashData.DataFloat(id: "speed", data: 3), elapsedTime: 0.6, streamId: upstream, channelNum: 2)
            try device.upstreamManager.sendUnit(try IntdashData.DataFloat(id: "speed", data: 4), elapsedTime: 0.7, streamId: upstream)

            let received = await viewerLog.wait { $0.points.contains { $0.value == 4 } }
            #expect(received)
            #expect(viewerLog.current.points.filter { $0.dataType != IntdashDataType.baseTime.rawValue }.map(\.value) == [2, 4])
            await device.disconnect()
            await viewer.disconnect()
        }
    }

    @Test(arguments: [IntdashClient.RealtimeProtocol.iscp1, .iscp2])
    func unacknowledgedSectionsAreSentAgainAfterAReconnection(realtimeProtocol: IntdashClient.RealtimeProtocol) async throws {
        try await IntdashServer.with { server in
            let (device, edge) = try await server.device(speaking: realtimeProtocol)
            let viewer = server.client()
            viewer.realtimeProtocol = realtimeProtocol
            let viewerLog = RealtimeRecorder()
            viewer.addDelegate(viewerLog)
            viewer.downstreamManager.addDelegate(delegate: viewerLog)
            try await viewer.connect(reconnectTimeInterval: 0.2)
            _ = try viewer.downstreamManager.open(srcEdgeId: edge)
            try await viewer.downstreamManager.sync()

            let deviceLog = RealtimeRecorder()
            device.addDelegate(deviceLog)
            device.upstreamManager.addDelegate(delegate: deviceLog)
            try await device.connect(reconnectTimeInterval: 0)
            let upstream = try device.upstreamManager.open(
                measurementId: measurement, srcEdgeId: edge, store: false, retryCount: 2, sectionUpdateInterval: 0.2)
            try await device.upstreamManager.sync()
            try device.upstreamManager.sendFirstData(1_700_000_000, streamId: upstream, channelNum: 1)
            try device.upstreamManager.sendUnit(try IntdashData.DataFloat(id: "speed", data: 1), elapsedTime: 0.1, streamId: upstream)
            #expect(await deviceLog.wait { $0.acks.count == 1 })
            // The device's acknowledgement and the viewer's copy travel on two connections: the
            // viewer has the first point before the server goes away.
            #expect(await viewerLog.wait { log in log.points.contains { $0.value == 1 } })

            try await server.stop()
            #expect(await deviceLog.wait { $0.disconnects == 1 })
            #expect(await viewerLog.wait { $0.disconnects == 1 })
            // Sent while the server is away: ends as a section nobody acknowledges.
            try device.upstreamManager.sendUnit(try IntdashData.DataFloat(id: "speed", data: 2), elapsedTime: 5.25, streamId: upstream)
            try device.upstreamManager.sendUnit(try IntdashData.DataFloat(id: "speed", data: 3), elapsedTime: 5.3, streamId: upstream)
            #expect(await deviceLog.wait { $0.sections.count == 2 })
            #expect(deviceLog.current.acks.count == 1)

            try await server.start()
            // The viewer reconnects by itself and opens its downstream again; then the device,
            // which does not reconnect by itself, is connected and resends.
            #expect(await viewerLog.wait { $0.specRetries == [true] })
            try await device.connect(reconnectTimeInterval: 0)
            #expect(await device.upstreamManager.reconnect())
            #expect(await deviceLog.wait { $0.acks.count == 2 })
            let resent = deviceLog.current.acks[1]
            #expect(resent.success && resent.sentCount == 2 && resent.sectionID == deviceLog.current.sections[1].sectionID)
            #expect(await viewerLog.wait { log in log.points.contains { $0.value == 3 } })
            #expect(viewerLog.current.points.filter { $0.dataID == "speed" }.map(\.value) == [1, 2, 3])
            await device.disconnect()
            await viewer.disconnect()
        }
    }

    /// Over iSCP v2 a viewer whose connection dropped resumes its downstream: what the device
    /// sent while the viewer was away arrives after the reconnection, nothing is missing, and
    /// the downstream keeps its filters.
    @Test func aDroppedViewerResumesItsDownstreamAndGetsWhatItMissed() async throws {
        try await IntdashServer.with { server in
            let (device, edge) = try await server.device(speaking: .iscp2)
            let relay = try await TCPRelay.start(to: try #require(server.process.baseURL.port))
            defer { Task { await relay.stop() } }
            let viewer = IntdashClient()
            viewer.session = IntdashClient.Session(
                serverURL: "http://127.0.0.1:\(relay.port)/intdash", clientId: "intdash-sdk-tests", timeoutInterval: LoopbackDeadline.answerSeconds)
            viewer.session?.apiToken = server.apiKey
            viewer.realtimeProtocol = .iscp2
            let viewerLog = RealtimeRecorder()
            viewer.addDelegate(viewerLog)
            viewer.downstreamManager.addDelegate(delegate: viewerLog)
            try await viewer.connect(reconnectTimeInterval: 0.2)
            let downstream = try viewer.downstreamManager.open(srcEdgeId: edge)
            let filters = IntdashClient.DownstreamManager.RequestFilters()
            filters.append(streamId: downstream, channelNum: 1, dataType: .float, id: "speed")
            try await viewer.downstreamManager.sync(filters: filters)

            let deviceLog = RealtimeRecorder()
            device.upstreamManager.addDelegate(delegate: deviceLog)
            try await device.connect(reconnectTimeInterval: 0)
            let upstream = try device.upstreamManager.open(measurementId: measurement, srcEdgeId: edge, store: false, sectionUpdateInterval: 0.2)
            try await device.upstreamManager.sync()
            try device.upstreamManager.sendFirstData(1_700_000_000, streamId: upstream, channelNum: 1)
            try device.upstreamManager.sendUnit(try IntdashData.DataFloat(id: "speed", data: 1), elapsedTime: 0.1, streamId: upstream)
            #expect(await viewerLog.wait { log in log.points.contains { $0.value == 1 } })

            await relay.cut()
            #expect(await viewerLog.wait { $0.disconnects == 1 })
            // The server has these (it acknowledged them) while the viewer is away.
            try device.upstreamManager.sendUnit(try IntdashData.DataFloat(id: "speed", data: 2), elapsedTime: 5.25, streamId: upstream)
            try device.upstreamManager.sendUnit(try IntdashData.DataFloat(id: "rpm", data: 20), elapsedTime: 5.27, streamId: upstream)
            try device.upstreamManager.sendUnit(try IntdashData.DataFloat(id: "speed", data: 3), elapsedTime: 5.3, streamId: upstream)
            #expect(await deviceLog.wait { log in log.acks.map(\.sentCount).reduce(0, +) >= 5 })

            relay.restore()
            #expect(await viewerLog.wait { $0.specRetries == [true] })
            try device.upstreamManager.sendUnit(try IntdashData.DataFloat(id: "speed", data: 4), elapsedTime: 6, streamId: upstream)
            #expect(await viewerLog.wait { log in log.points.contains { $0.value == 4 } })
            #expect(
                viewerLog.current.points.filter { $0.dataType == IntdashDataType.float.rawValue }.map(\.value) == [1, 2, 3, 4],
                "the resumed downstream keeps its filters")
            await device.disconnect()
            await viewer.disconnect()
        }
    }

    @Test(arguments: [(IntdashClient.RealtimeProtocol.iscp1, IntdashClient.RealtimeProtocol.iscp2), (.iscp2, .iscp1)])
    func aViewerOnOneProtocolSeesADeviceOnTheOther(
        deviceProtocol: IntdashClient.RealtimeProtocol, viewerProtocol: IntdashClient.RealtimeProtocol
    ) async throws {
        try await IntdashServer.with { server in
            let (device, edge) = try await server.device(speaking: deviceProtocol)
            let viewer = server.client()
            viewer.realtimeProtocol = viewerProtocol
            let viewerLog = RealtimeRecorder()
            viewer.downstreamManager.addDelegate(delegate: viewerLog)
            try await viewer.connect(reconnectTimeInterval: 0)
            _ = try viewer.downstreamManager.open(srcEdgeId: edge)
            try await viewer.downstreamManager.sync()

            try await device.connect(reconnectTimeInterval: 0)
            let upstream = try device.upstreamManager.open(measurementId: measurement, srcEdgeId: edge, store: false, sectionUpdateInterval: 0.2)
            try await device.upstreamManager.sync()
            let baseTime: TimeInterval = 1_700_000_000
            try device.upstreamManager.sendFirstData(baseTime, streamId: upstream, channelNum: 1)
            try device.upstreamManager.sendUnit(try IntdashData.DataFloat(id: "speed", data: 1.5), elapsedTime: 0.25, streamId: upstream)
            try device.upstreamManager.sendUnit(try IntdashData.DataInt(id: "gear", data: -2), elapsedTime: 0.5, streamId: upstream, channelNum: 3)
            try device.upstreamManager.sendUnit(try IntdashData.DataString(id: "note", data: "hello"), elapsedTime: 0.75, streamId: upstream)
            try device.upstreamManager.sendUnit(IntdashData.DataCAN(id: 0x123, dlc: 2, data: [0xca, 0xfe]), elapsedTime: 1, streamId: upstream)
            try device.upstreamManager.sendLastData(streamId: upstream)

            #expect(await viewerLog.wait { $0.points.contains { $0.dataType == IntdashDataType.can.rawValue } })
            let points = viewerLog.current.points.filter { $0.dataType != IntdashDataType.baseTime.rawValue }
            #expect(points.map(\.dataID) == ["speed", "gear", "note", "00000123"])
            #expect(points.map(\.dataType) == [IntdashDataType.float, .int, .string, .can].map(\.rawValue))
            #expect(points.map(\.time.timeIntervalSince1970) == [0.25, 0.5, 0.75, 1].map { baseTime + $0 })
            #expect(points.allSatisfy { $0.source == edge })
            #expect(points.first?.value == 1.5)
            await device.disconnect()
            await viewer.disconnect()
        }
    }

    @Test(arguments: [IntdashClient.RealtimeProtocol.iscp1, .iscp2])
    func aRefusedUpgradeFailsTheConnection(realtimeProtocol: IntdashClient.RealtimeProtocol) async throws {
        let edge = UUID().uuidString.lowercased()
        try await IntdashServer.with { server in
            let client = server.client()
            client.realtimeProtocol = realtimeProtocol
            client.session?.apiToken = "not-a-key"
            await #expect(throws: (any Error).self) { try await client.connect(reconnectTimeInterval: 0) }
            let stream = try client.upstreamManager.open(measurementId: measurement, srcEdgeId: edge)
            await #expect(throws: IntdashClientUpstreamManagerError.self) { try await client.upstreamManager.sync() }
            #expect(client.upstreamManager.upstreamIds == [stream])
        }
    }
}
