import ChanceryTestSupport
import Foundation
import ISCP
import Testing

@testable import Telemetry

/// The fast paths of the iSCP v2 endpoint against the full codec: upstream chunks read
/// straight from frames, downstream chunks written straight into frames.
@Suite("iSCP v2 chunk fast paths")
struct ISCP2ChunkWireTests {
    private let codec = ISCP2MessageCodec()

    @Test("an upstream chunk read from its frame equals what the full decoder reads, for varied chunks")
    func readerAgreesWithDecoder() throws {
        var random = SeededGenerator(seed: 7)
        for _ in 0..<300 {
            let frame = try codec.encode(ISCP2Message(.upstreamChunk(randomUpstreamChunk(&random))))
            let fast = try #require(ISCP2IncomingChunk(frame: frame))
            guard case .upstreamChunk(let decoded) = try codec.decode(frame).message else {
                Issue.record("the frame holds no upstream chunk")
                return
            }
            #expect(fast == ISCP2IncomingChunk(decoded))
        }
    }

    @Test("unknown fields are skipped as the full decoder drops them")
    func unknownFieldsSkipped() throws {
        var chunk = ISCP2UpstreamChunk()
        chunk.streamIDAlias = 3
        chunk.streamChunk.sequenceNumber = 9
        var group = ISCP2DataPointGroup()
        group.dataIDAlias = 1
        var point = ISCP2DataPoint()
        point.elapsedTime = -5
        point.payload = Data([1, 2])
        group.dataPoints = [point]
        chunk.streamChunk.dataPointGroups = [group]
        chunk.extensionFields = ISCP2UpstreamChunkExtensionFields()
        var frame = try codec.encode(ISCP2Message(.upstreamChunk(chunk)))
        // An unknown varint field (99) and an unknown fixed32 field (100) inside the chunk.
        let extra: [UInt8] = [0x98, 0x06, 0x2a, 0xa5, 0x06, 1, 2, 3, 4]
        frame[2] += UInt8(extra.count)
        frame += extra
        let fast = try #require(ISCP2IncomingChunk(frame: frame))
        #expect(fast.streamIDAlias == 3)
        #expect(fast.sequenceNumber == 9)
        #expect(
            fast.groups == [
                ISCP2IncomingChunk.Group(key: .alias(1), points: TelemetryDataPoints([TelemetryDataPoint(elapsedTime: -5, payload: [1, 2])]))
            ])
        guard case .upstreamChunk(let decoded) = try codec.decode(frame).message else {
            Issue.record("the full decoder did not read the frame")
            return
        }
        #expect(fast == ISCP2IncomingChunk(decoded))
    }

    @Test("frames that are not plain upstream chunks are left to the full decoder")
    func otherFramesLeftToDecoder() throws {
        #expect(ISCP2IncomingChunk(frame: try codec.encode(ISCP2Message(.ping(ISCP2Ping())))) == nil)
        var random = SeededGenerator(seed: 5)
        let valid = try codec.encode(ISCP2Message(.upstreamChunk(randomUpstreamChunk(&random))))
        // Cut short: the full decoder then says it is truncated.
        let truncated = Array(valid.dropLast())
        #expect(ISCP2IncomingChunk(frame: truncated) == nil)
        #expect(throws: ISCP2DecodingError.self) { try codec.decode(truncated) }
        // A data id whose name is not UTF-8.
        var chunk = ISCP2UpstreamChunk()
        var dataID = ISCP2DataID()
        dataID.name = "ab"
        chunk.dataIds = [dataID]
        var frame = try codec.encode(ISCP2Message(.upstreamChunk(chunk)))
        let name = try #require(frame.firstRange(of: Array("ab".utf8)))
        frame[name.lowerBound] = 0xff
        #expect(ISCP2IncomingChunk(frame: frame) == nil)
        #expect(throws: ISCP2DecodingError.self) { try codec.decode(frame) }
    }

    @Test("whenever the reader accepts a damaged frame, the full decoder reads the same chunk from it")
    func damagedFramesNeverDisagree() throws {
        var random = SeededGenerator(seed: 11)
        var accepted = 0
        for _ in 0..<3000 {
            var frame = try codec.encode(ISCP2Message(.upstreamChunk(randomUpstreamChunk(&random))))
            for _ in 0...random.next(below: 3) {
                frame[2 + random.next(below: frame.count - 2)] = UInt8(truncatingIfNeeded: random.next())
            }
            guard let fast = ISCP2IncomingChunk(frame: frame) else { continue }
            accepted += 1
            let decoded: ISCP2Message
            do {
                decoded = try codec.decode(frame)
            } catch {
                Issue.record("the reader accepted a frame the full decoder refuses (\(error)): \(frame.map { String($0, radix: 16) })")
                continue
            }
            guard case .upstreamChunk(let chunk) = decoded.message else {
                Issue.record("the reader accepted a frame the full decoder reads as \(String(describing: decoded.message))")
                continue
            }
            #expect(fast == ISCP2IncomingChunk(chunk))
        }
        #expect(accepted > 100)
    }

    @Test("a downstream chunk frame is byte for byte what the codec writes for the same message")
    func writerAgreesWithEncoder() throws {
        var random = SeededGenerator(seed: 3)
        for round in 0..<300 {
            let upstream = TelemetryUpstream(streamID: UUID(), sessionID: round % 4 == 0 ? "" : "session-\(round)", sourceNodeID: "node-\(round % 3)")
            let chunk = TelemetryChunk(
                upstream: upstream, sequenceNumber: UInt32(random.next(below: 3) == 0 ? 0 : random.next(below: 1 << 20)),
                groups: (0..<random.next(below: 4)).map { index in
                    TelemetryDataPointGroup(
                        dataID: TelemetryDataID(name: index == 0 ? "" : "\(index)/näme", type: index == 1 ? "" : "float64"),
                        dataPoints: (0..<random.next(below: 5)).map { _ in randomPoint(&random) }
                    )
                })
            let aliases: [TelemetryDataID: UInt32] =
                random.next(below: 2) == 0 ? [:] : Dictionary(uniqueKeysWithValues: chunk.groups.enumerated().map { ($1.dataID, UInt32($0)) })
            let streamAlias = UInt32(random.next(below: 3) == 0 ? 0 : random.next(below: 300))
            let upstreamAlias: UInt32? = random.next(below: 2) == 0 ? nil : UInt32(random.next(below: 200))

            let fast = ISCP2DownstreamChunkWriter.frame(
                streamAlias: streamAlias, upstream: upstreamAlias.map { .alias($0) } ?? .info(upstream), chunk: chunk, dataIDAlias: { aliases[$0] }
            )
            var message = ISCP2DownstreamChunk()
            message.streamIDAlias = streamAlias
            if let upstreamAlias { message.upstreamAlias = upstreamAlias } else { message.upstreamInfo = ISCP2UpstreamInfo(upstream) }
            message.streamChunk.sequenceNumber = chunk.sequenceNumber
            message.streamChunk.dataPointGroups = chunk.groups.map { group in
                var result = ISCP2DataPointGroup()
                if let alias = aliases[group.dataID] { result.dataIDAlias = alias } else { result.dataID = ISCP2DataID(group.dataID) }
                result.dataPoints = group.dataPoints.map { point in
                    var dataPoint = ISCP2DataPoint()
                    dataPoint.elapsedTime = point.elapsedTime
                    dataPoint.payload = Data(point.payload)
                    return dataPoint
                }
                return result
            }
            #expect(fast == (try codec.encode(ISCP2Message(.downstreamChunk(message)))))
        }
    }

    // MARK: Random chunks

    private func randomPoint(_ random: inout SeededGenerator) -> TelemetryDataPoint {
        let elapsed: Int64 =
            switch random.next(below: 4) {
            case 0: 0
            case 1: -Int64(random.next(below: 1 << 40))
            case 2: Int64(bitPattern: random.next())
            default: Int64(random.next(below: 1 << 30))
            }
        return TelemetryDataPoint(elapsedTime: elapsed, payload: (0..<random.next(below: 12)).map { _ in UInt8(truncatingIfNeeded: random.next()) })
    }

    private func randomUpstreamChunk(_ random: inout SeededGenerator) -> ISCP2UpstreamChunk {
        var chunk = ISCP2UpstreamChunk()
        chunk.streamIDAlias = UInt32(random.next(below: 5))
        chunk.streamChunk.sequenceNumber = UInt32(truncatingIfNeeded: random.next())
        chunk.streamChunk.dataPointGroups = (0..<random.next(below: 4)).map { index in
            var group = ISCP2DataPointGroup()
            switch random.next(below: 3) {
            case 0: group.dataIDAlias = UInt32(random.next(below: 1000))
            case 1: group.dataID = ISCP2DataID(TelemetryDataID(name: "\(index)/speed", type: "float64"))
            default: break
            }
            group.dataPoints = (0..<random.next(below: 6)).map { _ in
                let point = randomPoint(&random)
                var dataPoint = ISCP2DataPoint()
                dataPoint.elapsedTime = point.elapsedTime
                dataPoint.payload = Data(point.payload)
                return dataPoint
            }
            return group
        }
        chunk.dataIds = (0..<random.next(below: 3)).map { ISCP2DataID(TelemetryDataID(name: "id-\($0)", type: "int64")) }
        if random.next(below: 2) == 0 { chunk.extensionFields = ISCP2UpstreamChunkExtensionFields() }
        return chunk
    }
}
