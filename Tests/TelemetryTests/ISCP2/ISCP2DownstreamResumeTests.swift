import Foundation
import ISCP
import Synchronization
import Testing

@testable import Telemetry

@Suite("iSCP v2 downstream resume", .timeLimit(.minutes(5)))
struct ISCP2DownstreamResumeTests {
    typealias R = ISCP2Requests
    typealias S = ISCP2Selectors

    @Test("a reliable downstream whose socket drops is resumed by the same node: unacknowledged chunks again, then what came meanwhile")
    func resumeReliable() async throws {
        try await ISCP2TestServer.with { server in
            let edgeNode = server.edgeNodeID
            try await ISCP2TestPeer.connected(to: server, token: server.edgeToken, nodeID: edgeNode) { edge in
                try await edge.send(R.openUpstream(2, session: "session-1", dataIDs: [R.dataID("1/speed", "float64")], expiry: 30))
                let upstream = try await edge.next(S.upstreamOpenResponse)
                @Sendable func send(_ sequenceNumber: UInt32) async throws {
                    try await edge.sendNumberedChunk(sequenceNumber, upstreamAlias: upstream.assignedStreamIDAlias)
                }

                // The first viewer connection acknowledges chunk 1, not chunk 2, and drops
                // without a Disconnect.
                let downstreamID = Mutex(Data())
                try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "viewer") { viewer in
                    try await viewer.send(R.openDownstream(2, alias: 1, filters: [(edgeNode, [("#", "#")])], expiry: 30, qos: .reliable))
                    let opened = try await viewer.next(S.downstreamOpenResponse)
                    #expect(opened.resultCode == .succeeded)
                    downstreamID.withLock { $0 = opened.assignedStreamID }
                    try await send(1)
                    #expect(try await viewer.next(S.chunk(on: 1)).streamChunk.sequenceNumber == 1)
                    try await viewer.send(R.acknowledge(alias: 1, ackID: 1, [(upstream.assignedStreamID, 1)]))
                    #expect(try await viewer.next(S.ackComplete).resultCode == .succeeded)
                    try await send(2)
                    #expect(try await viewer.next(S.chunk(on: 1)).streamChunk.sequenceNumber == 2)
                }
                // While no viewer is connected.
                try await send(3)
                try await send(4)

                let stream = downstreamID.withLock { $0 }
                try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "viewer") { viewer in
                    let response = try await viewer.resumeDownstream(stream, as: 7, parkedOn: server)
                    #expect(response.resultCode == .succeeded)
                    var received: [UInt32] = []
                    for _ in 0..<3 {
                        let chunk = try await viewer.next(S.chunk(on: 7))
                        received.append(chunk.streamChunk.sequenceNumber)
                        #expect(chunk.upstreamInfo.streamID == upstream.assignedStreamID)
                        #expect(
                            chunk.streamChunk.dataPointGroups.first?.dataPoints == [
                                R.point(Int64(chunk.streamChunk.sequenceNumber), [UInt8(chunk.streamChunk.sequenceNumber)])
                            ])
                    }
                    #expect(received == [2, 3, 4])
                    // And it goes on live.
                    try await send(5)
                    #expect(try await viewer.next(S.chunk(on: 7)).streamChunk.sequenceNumber == 5)
                }
            }
        }
    }

    @Test("a downstream cannot be resumed by another node, nor after its expiry interval, nor after a Disconnect")
    func refusals() async throws {
        try await ISCP2TestServer.with { server in
            let edgeNode = server.edgeNodeID
            let first = Mutex(Data())
            try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "viewer") { viewer in
                try await viewer.send(R.openDownstream(2, alias: 1, filters: [(edgeNode, [("#", "#")])], expiry: 1))
                let opened = try await viewer.next(S.downstreamOpenResponse)
                first.withLock { $0 = opened.assignedStreamID }
                // Still attached to this connection: a conflict, which iscp-go retries.
                try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "viewer") { other in
                    try await other.send(R.resumeDownstream(2, streamID: opened.assignedStreamID, alias: 1))
                    #expect(try await other.next(S.downstreamResumeResponse).resultCode == .resumeRequestConflict)
                }
                // Another node may not have it, attached or not.
                try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "someone-else") { other in
                    try await other.send(R.resumeDownstream(2, streamID: opened.assignedStreamID, alias: 1))
                    #expect(try await other.next(S.downstreamResumeResponse).resultCode == .nodeIDMismatch)
                }
            }
            // The expiry interval is 1 s: once it has run out, the stream has left the broker and
            // cannot be resumed.
            #expect(await server.broker.waitUntilSubscriptionCount { $0 == 0 })
            let stream = first.withLock { $0 }
            try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "viewer") { viewer in
                try await viewer.send(R.resumeDownstream(2, streamID: stream, alias: 1))
                #expect(try await viewer.next(S.downstreamResumeResponse).resultCode == .streamNotFound)
                try await viewer.send(R.resumeDownstream(4, streamID: Data([1, 2, 3]), alias: 1))
                #expect(try await viewer.next(S.downstreamResumeResponse).resultCode == .streamNotFound)
            }

            let second = Mutex(Data())
            try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "viewer") { viewer in
                try await viewer.send(R.openDownstream(2, alias: 1, filters: [(edgeNode, [("#", "#")])], expiry: 600))
                let opened = try await viewer.next(S.downstreamOpenResponse)
                second.withLock { $0 = opened.assignedStreamID }
                var disconnect = ISCP2Disconnect()
                disconnect.resultCode = .normalClosure
                try await viewer.send(.disconnect(disconnect))
            }
            // Closed at once, not kept for its 600 s: it leaves the broker (after the registry)
            // and cannot be resumed.
            #expect(await server.broker.waitUntilSubscriptionCount { $0 == 0 })
            try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "viewer") { viewer in
                try await viewer.send(R.resumeDownstream(2, streamID: second.withLock { $0 }, alias: 1))
                #expect(try await viewer.next(S.downstreamResumeResponse).resultCode == .streamNotFound)
            }
        }
    }
}
