import Foundation
import Intdash
import Testing

/// A device records a measurement through the realtime connection, over iSCP 1.0 or iSCP v2,
/// and it can be read back through the REST data API.
@Suite(.serialized) struct RecordingServerTests {
    @Test(arguments: [IntdashClient.RealtimeProtocol.iscp1, .iscp2])
    func aStoredMeasurementCanBeReadBack(realtimeProtocol: IntdashClient.RealtimeProtocol) async throws {
        try await IntdashServer.with { server in
            let edge = try await server.createEdge(name: "recorder")
            let device = try await server.client(signedInAs: edge)
            device.realtimeProtocol = realtimeProtocol
            let log = RealtimeRecorder()
            device.upstreamManager.addDelegate(delegate: log)
            try await device.connect(reconnectTimeInterval: 0)

            let measurement = try await device.upstreamManager.requestMeasurementId(edgeUuid: edge.uuid)
            #expect(UUID(uuidString: measurement) != nil)
            let stream = try device.upstreamManager.open(measurementId: measurement, srcEdgeId: edge.uuid, store: true)
            try await device.upstreamManager.sync()
            let baseTime: TimeInterval = 1_700_000_000
            try device.upstreamManager.sendFirstData(baseTime, streamId: stream, channelNum: 1)
            for index in 0..<5 {
                try device.upstreamManager.sendUnit(
                    try IntdashData.DataFloat(id: "speed", data: Double(index) / 2), elapsedTime: 0.3 * Double(index), streamId: stream)
            }
            try device.upstreamManager.sendUnit(try IntdashData.DataString(id: "note", data: "hello"), elapsedTime: 1.3, streamId: stream)
            try device.upstreamManager.sendLastData(streamId: stream)
            #expect(await log.wait { $0.acks.contains { $0.isFinal } })
            #expect(log.current.acks.allSatisfy { $0.success })
            await device.disconnect()

            let filters = IntdashClient.DataPointsAPI.RequestFilters()
            filters.append(dataType: .float, channelNum: 1, id: "speed")
            let points = try await device.dataPoints.getDataPoints(name: measurement, filters: filters, start: baseTime - 1, end: baseTime + 10)
                .dataPoints
            #expect(points.map { ($0.dataModel as? IntdashData.DataFloat)?.data } == [0, 0.5, 1, 1.5, 2])
            #expect(points.allSatisfy { $0.measurementUuid == measurement && $0.dataType == IntdashDataType.float.rawValue })
            #expect(abs((points.last?.time?.timeIntervalSince1970 ?? 0) - (baseTime + 1.2)) < 0.001)
            #expect(points.first?.data["id"] as? String == "speed")

            let everything = try await device.dataPoints.getDataPoints(name: measurement, filters: nil, start: baseTime - 1, end: baseTime + 10)
            #expect(everything.dataPoints.contains { ($0.dataModel as? IntdashData.DataString)?.data == "hello" })

            let item = try await device.measurements.get(uuid: measurement)
            #expect(item.ended)
            #expect(item.edgeUuid == edge.uuid)
        }
    }

    @Test(arguments: [IntdashClient.RealtimeProtocol.iscp1, .iscp2])
    func aMeasurementGoesOnAfterTheDeviceReconnects(realtimeProtocol: IntdashClient.RealtimeProtocol) async throws {
        try await IntdashServer.with { server in
            let edge = try await server.createEdge(name: "reconnecting recorder")
            let device = try await server.client(signedInAs: edge)
            device.realtimeProtocol = realtimeProtocol
            let log = RealtimeRecorder()
            device.upstreamManager.addDelegate(delegate: log)
            try await device.connect(reconnectTimeInterval: 0)
            let measurement = try await device.upstreamManager.requestMeasurementId(edgeUuid: edge.uuid)
            let stream = try device.upstreamManager.open(
                measurementId: measurement, srcEdgeId: edge.uuid, store: true, retryCount: 1, sectionUpdateInterval: 0.2)
            try await device.upstreamManager.sync()
            let baseTime: TimeInterval = 1_700_000_000
            try device.upstreamManager.sendFirstData(baseTime, streamId: stream, channelNum: 1)
            try device.upstreamManager.sendUnit(try IntdashData.DataFloat(id: "speed", data: 1), elapsedTime: 0.1, streamId: stream)
            #expect(await log.wait { $0.acks.count == 1 })

            // Over iSCP v2 the upstream is resumed; over iSCP 1.0 announced again.
            await device.disconnect()
            try await device.connect(reconnectTimeInterval: 0)
            #expect(await device.upstreamManager.reconnect())
            try device.upstreamManager.sendUnit(try IntdashData.DataFloat(id: "speed", data: 2), elapsedTime: 0.5, streamId: stream)
            try device.upstreamManager.sendLastData(streamId: stream)
            #expect(await log.wait { $0.acks.contains { $0.isFinal } })
            #expect(log.current.acks.allSatisfy { $0.success })
            await device.disconnect()

            let points = try await device.dataPoints.getDataPoints(name: measurement, filters: nil, start: baseTime - 1, end: baseTime + 10)
                .dataPoints
            #expect(points.compactMap { ($0.dataModel as? IntdashData.DataFloat)?.data } == [1, 2])
            #expect(try await device.measurements.get(uuid: measurement).ended)
        }
    }
}
