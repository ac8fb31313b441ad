import Foundation
import ISCP
import Testing

@testable import Telemetry

@Suite("iSCP v2 upstreams and downstreams", .timeLimit(.minutes(5)))
struct ISCP2StreamingTests {
    typealias R = ISCP2Requests
    typealias S = ISCP2Selectors

    @Test("chunks fan out to the downstreams whose wildcard filters pass them, with the aliases each side assigned")
    func fanOut() async throws {
        try await ISCP2TestServer.with { server in
            let edgeNode = server.edgeNodeID
            let session = UUID().uuidString.lowercased()
            let speed = R.dataID("1/speed", "float64")
            let count = R.dataID("2/count", "int64")
            let deepCount = R.dataID("3/other/count", "int64")
            let speedText = R.dataID("1/speed", "string")
            try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "viewer") { viewer in
                // Stream 1 takes float64 under 1/ and any */count one level deep; it names 1/speed by its own alias 9.
                try await viewer.send(
                    R.openDownstream(2, alias: 1, filters: [(edgeNode, [("1/#", "float64"), ("+/count", "#")])], dataIDAliases: [9: speed]))
                let first = try await viewer.next(S.downstreamOpenResponse)
                #expect(first.requestID == 2)
                #expect(first.resultCode == .succeeded)
                #expect(first.assignedStreamID.count == 16)
                #expect(first.serverTime > 1_700_000_000_000_000_000)
                // Stream 2 takes everything of the edge.
                try await viewer.send(R.openDownstream(4, alias: 2, filters: [(edgeNode, [("#", "#")])]))
                let second = try await viewer.next(S.downstreamOpenResponse)
                #expect(second.resultCode == .succeeded)
                #expect(second.assignedStreamID != first.assignedStreamID)

                try await ISCP2TestPeer.connected(to: server, token: server.edgeToken, nodeID: edgeNode) { edge in
                    try await edge.send(R.openUpstream(2, session: session, dataIDs: [speed]))
                    let opened = try await edge.next(S.upstreamOpenResponse)
                    #expect(opened.resultCode == .succeeded)
                    #expect(opened.assignedStreamID.count == 16)
                    #expect(opened.dataIDAliases == [1: speed])
                    let upstreamAlias = opened.assignedStreamIDAlias

                    let open = try await viewer.next(S.metadata(on: 1))
                    #expect(open.sourceNodeID == edgeNode)
                    #expect(open.requestID % 2 == 1)
                    #expect(open.upstreamOpen.streamID == opened.assignedStreamID)
                    #expect(open.upstreamOpen.sessionID == session)

                    try await edge.send(
                        R.chunk(
                            alias: upstreamAlias, sequenceNumber: 1,
                            [
                                R.group(alias: 1, [R.point(1_000, [1]), R.point(2_000, [2])]),
                                R.group(count, [R.point(3_000, [3])]),
                                R.group(deepCount, [R.point(4_000, [4])]),
                                R.group(speedText, [R.point(5_000, Array("fast".utf8))]),
                            ], dataIDs: [count, deepCount, speedText]))
                    let ack = try await edge.next(S.upstreamChunkAck)
                    #expect(ack.streamIDAlias == upstreamAlias)
                    #expect(ack.results.map(\.sequenceNumber) == [1])
                    #expect(ack.results.map(\.resultCode) == [.succeeded])
                    #expect(Set(ack.dataIDAliases.values.map(\.name)) == ["2/count", "3/other/count", "1/speed"])
                    #expect(ack.dataIDAliases.count == 3)
                    let countAlias = try #require(ack.dataIDAliases.first { $0.value == count }?.key)

                    // The two streams' pumps run independently: their first chunks come in either order.
                    var firstChunks: [UInt32: ISCP2DownstreamChunk] = [:]
                    while firstChunks.count < 2 {
                        if case .downstreamChunk(let chunk) = try await viewer.next() { firstChunks[chunk.streamIDAlias] = chunk }
                    }
                    let filtered = try #require(firstChunks[1])
                    #expect(filtered.upstreamInfo.sessionID == session)
                    #expect(filtered.upstreamInfo.streamID == opened.assignedStreamID)
                    #expect(filtered.upstreamInfo.sourceNodeID == edgeNode)
                    #expect(filtered.streamChunk.sequenceNumber == 1)
                    let groups = filtered.streamChunk.dataPointGroups
                    #expect(groups.count == 2)
                    #expect(groups.first?.dataIDOrAlias == .dataIDAlias(9))
                    #expect(groups.first?.dataPoints == [R.point(1_000, [1]), R.point(2_000, [2])])
                    #expect(groups.last?.dataIDOrAlias == .dataID(count))
                    #expect(groups.last?.dataPoints == [R.point(3_000, [3])])

                    let everything = try #require(firstChunks[2])
                    #expect(
                        everything.streamChunk.dataPointGroups.map(\.dataIDOrAlias) == [
                            .dataID(speed), .dataID(count), .dataID(deepCount), .dataID(speedText),
                        ])
                    #expect(everything.streamChunk.dataPointGroups.last?.dataPoints == [R.point(5_000, Array("fast".utf8))])

                    // The viewer names the upstream 7 and 2/count 5 on stream 1; the server uses both from then on.
                    var downstreamAck = ISCP2DownstreamChunkAck()
                    downstreamAck.streamIDAlias = 1
                    downstreamAck.ackID = 1
                    downstreamAck.upstreamAliases = [7: filtered.upstreamInfo]
                    downstreamAck.dataIDAliases = [9: speed, 5: count]
                    var result = ISCP2DownstreamChunkResult()
                    result.streamIDOfUpstream = opened.assignedStreamID
                    result.sequenceNumberInUpstream = 1
                    downstreamAck.results = [result]
                    try await viewer.send(.downstreamChunkAck(downstreamAck))
                    let complete = try await viewer.next(S.ackComplete)
                    #expect(complete.streamIDAlias == 1)
                    #expect(complete.ackID == 1)
                    #expect(complete.resultCode == .succeeded)

                    try await edge.send(
                        R.chunk(
                            alias: upstreamAlias, sequenceNumber: 2,
                            [
                                R.group(alias: 1, [R.point(6_000, [6])]),
                                R.group(alias: countAlias, [R.point(7_000, [7])]),
                            ]))
                    #expect(try await edge.next(S.upstreamChunkAck).results.map(\.resultCode) == [.succeeded])
                    let aliased = try await viewer.next(S.chunk(on: 1))
                    #expect(aliased.upstreamOrAlias == .upstreamAlias(7))
                    #expect(aliased.streamChunk.sequenceNumber == 2)
                    #expect(aliased.streamChunk.dataPointGroups.map(\.dataIDOrAlias) == [.dataIDAlias(9), .dataIDAlias(5)])
                    #expect(aliased.streamChunk.dataPointGroups.map(\.dataPoints) == [[R.point(6_000, [6])], [R.point(7_000, [7])]])

                    // An alias the server never assigned fails the chunk, which reaches no one.
                    try await edge.send(R.chunk(alias: upstreamAlias, sequenceNumber: 3, [R.group(alias: 99, [R.point(8_000, [8])])]))
                    let refused = try await edge.next(S.upstreamChunkAck)
                    #expect(refused.results.map(\.sequenceNumber) == [3])
                    #expect(refused.results.map(\.resultCode) == [.invalidDataIDAlias])
                    try await edge.send(R.chunk(alias: upstreamAlias, sequenceNumber: 4, [R.group(alias: 1, [R.point(-9_000, [9])])]))
                    #expect(try await edge.next(S.upstreamChunkAck).results.map(\.resultCode) == [.succeeded])
                    let next = try await viewer.next(S.chunk(on: 1))
                    #expect(next.streamChunk.sequenceNumber == 4)
                    #expect(next.streamChunk.dataPointGroups.first?.dataPoints == [R.point(-9_000, [9])])

                    // Base time and close reach the downstreams as metadata.
                    try await edge.send(R.baseTime(4, session: session))
                    let metadataAck = try await edge.next(S.upstreamMetadataAck)
                    #expect(metadataAck.requestID == 4)
                    #expect(metadataAck.resultCode == .succeeded)
                    let baseTime = try await viewer.next(S.metadata(on: 1))
                    #expect(baseTime.sourceNodeID == edgeNode)
                    #expect(baseTime.baseTime.sessionID == session)
                    #expect(baseTime.baseTime.name == "edge_rtc")
                    #expect(baseTime.baseTime.priority == 20)
                    #expect(baseTime.baseTime.baseTime == 1_700_000_000_123_456_789)
                    #expect(baseTime.requestID % 2 == 1)
                    #expect(baseTime.requestID != open.requestID)

                    try await edge.send(R.closeUpstream(6, streamID: opened.assignedStreamID, totalDataPoints: 7, finalSequenceNumber: 4))
                    let closed = try await edge.next(S.upstreamCloseResponse)
                    #expect(closed.requestID == 6)
                    #expect(closed.resultCode == .succeeded)
                    let normalClose = try await viewer.next(S.metadata(on: 1))
                    #expect(normalClose.upstreamNormalClose.streamID == opened.assignedStreamID)
                    #expect(normalClose.upstreamNormalClose.totalDataPoints == 7)
                    #expect(normalClose.upstreamNormalClose.finalSequenceNumber == 4)

                    // A chunk for the closed upstream is refused.
                    try await edge.send(R.chunk(alias: upstreamAlias, sequenceNumber: 5, [R.group(alias: 1, [R.point(1, [1])])]))
                    #expect(try await edge.next(S.upstreamChunkAck).results.map(\.resultCode) == [.streamNotFound])
                }

                var close = ISCP2DownstreamCloseRequest()
                close.requestID = 6
                close.streamID = first.assignedStreamID
                try await viewer.send(.downstreamCloseRequest(close))
                let closed = try await viewer.next(S.downstreamCloseResponse)
                #expect(closed.requestID == 6)
                #expect(closed.resultCode == .succeeded)
                try await viewer.send(.downstreamCloseRequest(close))
                #expect(try await viewer.next(S.downstreamCloseResponse).resultCode == .streamNotFound)
            }
        }
    }

    @Test("downstream filters are checked: syntax, presence, and the right to watch the node; a refusal carries the nil stream id")
    func badDownstreams() async throws {
        try await ISCP2TestServer.with { server in
            let edgeNode = server.edgeNodeID
            try await ISCP2TestPeer.connected(to: server, token: server.aliceToken, nodeID: "alice") { viewer in
                let cases: [(ISCP2Message.OneOf_Message, ISCP2ResultCode)] = [
                    (R.openDownstream(2, alias: 1, filters: [(edgeNode, [("#", "#")])]), .authFailed),
                    (R.openDownstream(4, alias: 1, filters: [(edgeNode, [("a#", "#")])]), .invalidDataFilter),
                    (R.openDownstream(6, alias: 1, filters: [(edgeNode, [("1/+x", "#")])]), .invalidDataFilter),
                    (R.openDownstream(8, alias: 1, filters: [(edgeNode, [])]), .invalidDataFilter),
                    (R.openDownstream(10, alias: 1, filters: []), .invalidDataFilter),
                    (R.openDownstream(12, alias: 1, filters: [("", [("#", "#")])]), .invalidDataFilter),
                ]
                for (request, expected) in cases {
                    try await viewer.send(request)
                    let response = try await viewer.next(S.downstreamOpenResponse)
                    #expect(response.resultCode == expected, "\(response.resultString)")
                    #expect(!response.resultString.isEmpty)
                    // The official Python client reads the stream id as a UUID even in a refusal.
                    #expect(response.assignedStreamID == Data(count: 16))
                }
            }
            try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "viewer") { viewer in
                try await viewer.send(R.openDownstream(2, alias: 1, filters: [(edgeNode, [("#", "#")])]))
                #expect(try await viewer.next(S.downstreamOpenResponse).resultCode == .succeeded)
                try await viewer.send(R.openDownstream(4, alias: 1, filters: [(edgeNode, [("#", "#")])]))
                #expect(try await viewer.next(S.downstreamOpenResponse).resultCode == .protocolError)
            }
        }
    }

    @Test("an upstream chunk with a full data id and a ping interleave: the ping is answered")
    func pingWhileStreaming() async throws {
        try await ISCP2TestServer.with { server in
            try await ISCP2TestPeer.connected(to: server, token: server.edgeToken, nodeID: server.edgeNodeID) { edge in
                try await edge.send(R.openUpstream(2, session: "s"))
                let alias = try await edge.next(S.upstreamOpenResponse).assignedStreamIDAlias
                let payload = [UInt8](repeating: 7, count: 64 * 1024)
                for sequenceNumber in UInt32(1)...20 {
                    try await edge.send(
                        R.chunk(
                            alias: alias, sequenceNumber: sequenceNumber, [R.group(R.dataID("v", "bytes"), [R.point(Int64(sequenceNumber), payload)])]
                        ))
                }
                try await edge.send(R.ping(4))
                var acked: [UInt32] = []
                var pong: UInt32?
                while acked.count < 20 || pong == nil {
                    switch try await edge.next() {
                    case .upstreamChunkAck(let ack): acked += ack.results.map(\.sequenceNumber)
                    case .pong(let value): pong = value.requestID
                    default: break
                    }
                }
                #expect(acked == Array(1...20))
                #expect(pong == 4)
            }
        }
    }
}
