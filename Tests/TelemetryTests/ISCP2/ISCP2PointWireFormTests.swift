import Foundation
import ISCP
import Testing

@testable import Telemetry

/// The points of an iSCP v2 group kept as the bytes they arrived in (``TelemetryDataPoints``):
/// read as points, compared, and written out again.
@Suite("iSCP v2 points kept in wire form")
struct ISCP2PointWireFormTests {
    private let codec = ISCP2MessageCodec()

    private static let points = [
        TelemetryDataPoint(elapsedTime: 0, payload: []),
        TelemetryDataPoint(elapsedTime: -1, payload: [7]),
        TelemetryDataPoint(elapsedTime: 1 << 40, payload: Array(0..<200)),
        TelemetryDataPoint(elapsedTime: .min, payload: [1, 2, 3]),
        TelemetryDataPoint(elapsedTime: .max, payload: []),
    ]

    /// The frame of an upstream chunk of one group holding `points`, as swift-protobuf writes it.
    private func frame(of points: [TelemetryDataPoint]) throws -> [UInt8] {
        var group = ISCP2DataPointGroup()
        group.dataIDAlias = 4
        group.dataPoints = points.map { point in
            var dataPoint = ISCP2DataPoint()
            dataPoint.elapsedTime = point.elapsedTime
            dataPoint.payload = Data(point.payload)
            return dataPoint
        }
        var chunk = ISCP2UpstreamChunk()
        chunk.streamIDAlias = 1
        chunk.streamChunk.sequenceNumber = 1
        chunk.streamChunk.dataPointGroups = [group]
        return try codec.encode(ISCP2Message(.upstreamChunk(chunk)))
    }

    /// `Message { upstream_chunk { stream_id_alias 1, stream_chunk { data_point_groups { group } } } }`,
    /// written by hand, for groups swift-protobuf would not write.
    private static func frame(ofGroup group: [UInt8]) -> [UInt8] {
        let streamChunk: [UInt8] = [0x12, UInt8(group.count)] + group
        let upstreamChunk: [UInt8] = [0x08, 0x01, 0x12, UInt8(streamChunk.count)] + streamChunk
        return [0xb2, 0x04, UInt8(upstreamChunk.count)] + upstreamChunk
    }

    /// The points the fast reader keeps of `frame`'s only group.
    private func wireForm(_ frame: [UInt8]) throws -> TelemetryDataPoints {
        let chunk = try #require(ISCP2IncomingChunk(frame: frame))
        return try #require(chunk.groups.first).points
    }

    @Test("points read from their wire form are the points sent, in order, and equal and hash as a list of them")
    func readAsPoints() throws {
        let kept = try wireForm(try frame(of: Self.points))
        #expect(kept.count == Self.points.count)
        #expect(Array(kept) == Self.points)
        #expect(kept.map(\.elapsedTime) == Self.points.map(\.elapsedTime))
        let listed = TelemetryDataPoints(Self.points)
        #expect(kept == listed && listed == kept)
        #expect(kept.hashValue == listed.hashValue)
        #expect(kept != TelemetryDataPoints(Array(Self.points.dropLast())))
        #expect(kept.wireSize == listed.wireSize)
    }

    @Test("a downstream writes points it keeps in wire form as it writes the same points listed")
    func writtenAsListed() throws {
        let kept = try wireForm(try frame(of: Self.points))
        let upstream = TelemetryUpstream(streamID: UUID(), sessionID: "s", sourceNodeID: "node")
        let dataID = TelemetryDataID(name: "1/value", type: "float64")
        func written(_ points: TelemetryDataPoints) -> [UInt8] {
            let chunk = TelemetryChunk(upstream: upstream, sequenceNumber: 3, groups: [TelemetryDataPointGroup(dataID: dataID, dataPoints: points)])
            return ISCP2DownstreamChunkWriter.frame(streamAlias: 1, upstream: .alias(2), chunk: chunk, dataIDAlias: { _ in nil })
        }
        let fromWireForm = written(kept)
        #expect(fromWireForm == written(TelemetryDataPoints(Self.points)))
        guard case .downstreamChunk(let decoded) = try codec.decode(fromWireForm).message else {
            Issue.record("the frame holds no downstream chunk")
            return
        }
        #expect(decoded.streamChunk.dataPointGroups.first?.dataPoints.map(\.elapsedTime) == Self.points.map(\.elapsedTime))
        #expect(decoded.streamChunk.dataPointGroups.first?.dataPoints.map { Array($0.payload) } == Self.points.map { Array($0.payload) })
    }

    @Test(
        "points not in canonical form are left to the full decoder, which reads them",
        arguments: [
            // elapsed_time 0 written out
            ([0x08, 0x00, 0x12, 0x01, 0x05], TelemetryDataPoint(elapsedTime: 0, payload: [5])),
            // payload before elapsed_time
            ([0x12, 0x01, 0x05, 0x08, 0x02], TelemetryDataPoint(elapsedTime: 1, payload: [5])),
            // an empty payload written out
            ([0x08, 0x02, 0x12, 0x00], TelemetryDataPoint(elapsedTime: 1, payload: [])),
            // elapsed_time padded to two bytes
            ([0x08, 0x82, 0x00], TelemetryDataPoint(elapsedTime: 1, payload: [])),
            // an unknown field
            ([0x08, 0x02, 0x18, 0x01], TelemetryDataPoint(elapsedTime: 1, payload: [])),
            // elapsed_time twice: the last one counts
            ([0x08, 0x04, 0x08, 0x02], TelemetryDataPoint(elapsedTime: 1, payload: [])),
        ] as [([UInt8], TelemetryDataPoint)]
    )
    func nonCanonicalPoints(body: [UInt8], point: TelemetryDataPoint) throws {
        let frame = Self.frame(ofGroup: [0x10, 0x04, 0x1a, UInt8(body.count)] + body)
        #expect(ISCP2IncomingChunk(frame: frame) == nil)
        guard case .upstreamChunk(let decoded) = try codec.decode(frame).message else {
            Issue.record("the full decoder did not read the frame")
            return
        }
        #expect(ISCP2IncomingChunk(decoded).groups.first?.points == TelemetryDataPoints([point]))
    }

    @Test("an elapsed time padded or cut off is caught when more points follow it")
    func elapsedTimeAmongPoints() throws {
        let valid: [UInt8] = [0x1a, 0x05, 0x08, 0x02, 0x12, 0x01, 0x07]
        let padded: [UInt8] = [0x1a, 0x03, 0x08, 0x84, 0x00]
        let frame = Self.frame(ofGroup: [0x10, 0x04] + valid + padded + valid + valid)
        #expect(ISCP2IncomingChunk(frame: frame) == nil)
        guard case .upstreamChunk(let decoded) = try codec.decode(frame).message else {
            Issue.record("the full decoder did not read the frame")
            return
        }
        #expect(ISCP2IncomingChunk(decoded).groups.first?.points.map(\.elapsedTime) == [1, 2, 1, 1])

        // The varint's last byte lies in the next point: not a point of its own.
        let cutOff: [UInt8] = [0x1a, 0x02, 0x08, 0x81]
        #expect(ISCP2IncomingChunk(frame: Self.frame(ofGroup: [0x10, 0x04] + valid + cutOff + valid + valid)) == nil)
        #expect(ISCP2IncomingChunk(frame: Self.frame(ofGroup: [0x10, 0x04] + valid + valid + valid))?.dataPointCount == 3)
    }

    @Test("a point whose tag is padded to two bytes is left to the full decoder")
    func paddedTag() throws {
        let frame = Self.frame(ofGroup: [0x10, 0x04, 0x1a, 0x02, 0x08, 0x02, 0x9a, 0x00, 0x02, 0x08, 0x04])
        #expect(ISCP2IncomingChunk(frame: frame) == nil)
        guard case .upstreamChunk(let decoded) = try codec.decode(frame).message else {
            Issue.record("the full decoder did not read the frame")
            return
        }
        #expect(ISCP2IncomingChunk(decoded).groups.first?.points.map(\.elapsedTime) == [1, 2])
    }

    @Test("points split by another field of their group are left to the full decoder")
    func pointsNotTogether() throws {
        let point: [UInt8] = [0x1a, 0x02, 0x08, 0x02]
        let frame = Self.frame(ofGroup: point + [0x10, 0x04] + point)
        #expect(ISCP2IncomingChunk(frame: frame) == nil)
        guard case .upstreamChunk(let decoded) = try codec.decode(frame).message else {
            Issue.record("the full decoder did not read the frame")
            return
        }
        #expect(ISCP2IncomingChunk(decoded).groups.first?.points.count == 2)
    }
}
