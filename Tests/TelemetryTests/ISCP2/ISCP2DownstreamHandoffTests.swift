import ChanceryTestSupport
import Foundation
import ISCP
import Synchronization
import Testing

@testable import Telemetry

/// iSCP v2 downstreams resumed on another instance of a deployment than the one that kept
/// them (``ISCP2DownstreamHandoffs``), over Debian's `nats-server`.
@Suite(
    "iSCP v2 downstreams across instances", .enabled(if: TestNATSServer.isInstalled, "needs nats-server (scripts/test installs it)"),
    .timeLimit(.minutes(5))
)
struct ISCP2DownstreamHandoffTests {
    typealias R = ISCP2Requests
    typealias S = ISCP2Selectors

    @Test(
        "a reliable downstream lost on one instance resumes on another: the unacknowledged chunk, what came meanwhile, then live, each once, in order, under the client's aliases"
    )
    func resumeOnAnotherInstance() async throws {
        try await ISCP2TestServer.linkedPair { first, second in
            let edgeNode = first.edgeNodeID
            let speed = R.dataID("1/speed", "float64")
            try await ISCP2TestPeer.connected(to: first, token: first.edgeToken, nodeID: edgeNode) { edge in
                try await edge.send(R.openUpstream(2, session: "session-1", dataIDs: [speed], expiry: 30))
                let upstream = try await edge.next(S.upstreamOpenResponse)
                #expect(upstream.resultCode == .succeeded)
                @Sendable func send(_ sequenceNumber: UInt32) async throws {
                    try await edge.sendNumberedChunk(sequenceNumber, upstreamAlias: upstream.assignedStreamIDAlias)
                }

                // On the first instance the viewer names the data id 5 and the upstream 9,
                // acknowledges chunk 1, not chunk 2, and its socket drops.
                let downstreamID = Mutex(Data())
                try await ISCP2TestPeer.connected(to: first, token: first.administratorToken, nodeID: "viewer") { viewer in
                    try await viewer.send(
                        R.openDownstream(2, alias: 1, filters: [(edgeNode, [("#", "#")])], dataIDAliases: [5: speed], expiry: 30, qos: .reliable))
                    let opened = try await viewer.next(S.downstreamOpenResponse)
                    #expect(opened.resultCode == .succeeded)
                    downstreamID.withLock { $0 = opened.assignedStreamID }
                    try await send(1)
                    #expect(try await viewer.next(S.chunk(on: 1)).streamChunk.sequenceNumber == 1)
                    var ack = ISCP2DownstreamChunkAck()
                    ack.streamIDAlias = 1
                    ack.ackID = 1
                    var result = ISCP2DownstreamChunkResult()
                    result.streamIDOfUpstream = upstream.assignedStreamID
                    result.sequenceNumberInUpstream = 1
                    result.resultCode = .succeeded
                    ack.results = [result]
                    var info = ISCP2UpstreamInfo()
                    info.sessionID = "session-1"
                    info.streamID = upstream.assignedStreamID
                    info.sourceNodeID = edgeNode
                    ack.upstreamAliases = [9: info]
                    try await viewer.send(.downstreamChunkAck(ack))
                    #expect(try await viewer.next(S.ackComplete).resultCode == .succeeded)
                    try await send(2)
                    let second = try await viewer.next(S.chunk(on: 1))
                    #expect(second.streamChunk.sequenceNumber == 2)
                    #expect(second.upstreamAlias == 9)
                }
                // While no viewer is connected, on the first instance.
                try await send(3)
                try await send(4)

                // The resume reaches the second instance.
                let stream = downstreamID.withLock { $0 }
                try await ISCP2TestPeer.connected(to: second, token: second.administratorToken, nodeID: "viewer") { viewer in
                    let response = try await viewer.resumeDownstream(stream, as: 7, parkedOn: first)
                    #expect(response.resultCode == .succeeded, "\(response.resultString)")
                    // The first instance no longer keeps it; the second watches for it.
                    #expect(await first.broker.subscriptionCount == 0)
                    #expect(await second.broker.subscriptionCount == 1)
                    try await send(5)
                    var received: [UInt32] = []
                    for _ in 0..<4 {
                        let chunk = try await viewer.next(S.chunk(on: 7))
                        received.append(chunk.streamChunk.sequenceNumber)
                        #expect(chunk.upstreamAlias == 9)
                        let group = try #require(chunk.streamChunk.dataPointGroups.first)
                        #expect(group.dataIDAlias == 5)
                        let sequenceNumber = chunk.streamChunk.sequenceNumber
                        #expect(group.dataPoints == [R.point(Int64(sequenceNumber), [UInt8(sequenceNumber)])])
                    }
                    #expect(received == [2, 3, 4, 5])
                    // Chunk 5 reached both the handoff's window and the new subscription, or
                    // only the subscription: either way it came once, and the next comes live.
                    try await send(6)
                    #expect(try await viewer.next(S.chunk(on: 7)).streamChunk.sequenceNumber == 6)
                }
            }
        }
    }

    @Test("another instance refuses a resume as the keeper would: still attached, another node's, or unknown")
    func refusals() async throws {
        try await ISCP2TestServer.linkedPair(handoffTimeout: .seconds(3)) { first, second in
            let edgeNode = first.edgeNodeID
            try await ISCP2TestPeer.connected(to: first, token: first.administratorToken, nodeID: "viewer") { viewer in
                try await viewer.send(R.openDownstream(2, alias: 1, filters: [(edgeNode, [("#", "#")])], expiry: 30))
                let opened = try await viewer.next(S.downstreamOpenResponse)
                #expect(opened.resultCode == .succeeded)
                try await ISCP2TestPeer.connected(to: second, token: second.administratorToken, nodeID: "viewer") { other in
                    try await other.send(R.resumeDownstream(2, streamID: opened.assignedStreamID, alias: 1))
                    #expect(try await other.next(S.downstreamResumeResponse).resultCode == .resumeRequestConflict)
                }
                try await ISCP2TestPeer.connected(to: second, token: second.administratorToken, nodeID: "someone-else") { other in
                    try await other.send(R.resumeDownstream(2, streamID: opened.assignedStreamID, alias: 1))
                    #expect(try await other.next(S.downstreamResumeResponse).resultCode == .nodeIDMismatch)
                    try await other.send(R.resumeDownstream(4, streamID: UUID().iscp2StreamID, alias: 1))
                    #expect(try await other.next(S.downstreamResumeResponse).resultCode == .streamNotFound)
                }
                // The refused requests left it where it was.
                #expect(await first.broker.subscriptionCount == 1)
                #expect(await second.broker.subscriptionCount == 0)
            }
        }
    }

    @Test("events handed over are recognised once when the new subscription brings them again")
    func handedOverEventsAreSkippedOnce() {
        let upstream = TelemetryUpstream(streamID: UUID(), sessionID: "s", sourceNodeID: "edge")
        func chunk(_ sequenceNumber: UInt32) -> TelemetryDownstreamEvent {
            .chunk(
                TelemetryChunk(
                    upstream: upstream, sequenceNumber: sequenceNumber,
                    groups: [
                        TelemetryDataPointGroup(
                            dataID: TelemetryDataID(name: "1/speed", type: "float64"),
                            dataPoints: [
                                TelemetryDataPoint(elapsedTime: Int64(sequenceNumber), payload: [UInt8(sequenceNumber)])
                            ])
                    ]))
        }
        let opened = TelemetryDownstreamEvent.metadata(.upstreamOpened(upstream), sourceNodeID: "edge")
        var handedOver = ISCP2HandedOverEvents([chunk(1), opened, chunk(2)])
        let brought: [TelemetryDownstreamEvent] = [
            chunk(2), opened, chunk(3), chunk(2), opened,
            .metadata(.upstreamClosed(upstream, totalDataPoints: 2, finalSequenceNumber: 2), sourceNodeID: "edge"),
        ]
        let skipped = brought.map { handedOver.remove($0) }
        #expect(skipped == [true, true, false, false, false, false])
    }
}
