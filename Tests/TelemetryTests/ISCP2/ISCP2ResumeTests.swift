import Foundation
import ISCP
import Synchronization
import Testing

@testable import Telemetry

@Suite("iSCP v2 resume", .timeLimit(.minutes(5)))
struct ISCP2ResumeTests {
    typealias R = ISCP2Requests
    typealias S = ISCP2Selectors

    @Test("an upstream whose socket drops is resumed on a new connection by the same node and goes on")
    func resumeWithinExpiry() async throws {
        try await ISCP2TestServer.with { server in
            let edgeNode = server.edgeNodeID
            try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "viewer") { viewer in
                try await viewer.send(R.openDownstream(2, alias: 1, filters: [(edgeNode, [("#", "#")])]))
                #expect(try await viewer.next(S.downstreamOpenResponse).resultCode == .succeeded)

                let streamID = Mutex(Data())
                let dataID = R.dataID("1/speed", "float64")
                // The first connection drops without a Disconnect.
                try await ISCP2TestPeer.connected(to: server, token: server.edgeToken, nodeID: edgeNode) { edge in
                    try await edge.send(R.openUpstream(2, session: "session-1", dataIDs: [dataID], expiry: 30))
                    let opened = try await edge.next(S.upstreamOpenResponse)
                    streamID.withLock { $0 = opened.assignedStreamID }
                    try await edge.send(R.chunk(alias: opened.assignedStreamIDAlias, sequenceNumber: 1, [R.group(alias: 1, [R.point(1, [1])])]))
                    #expect(try await edge.next(S.upstreamChunkAck).results.map(\.resultCode) == [.succeeded])
                }
                let stream = streamID.withLock { $0 }
                #expect(try await viewer.next(S.chunk(on: 1)).streamChunk.sequenceNumber == 1)

                // Another node may not take it over.
                try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "someone-else") { other in
                    let response = try await other.resumeUpstream(stream, parkedOn: server)
                    #expect(response.resultCode == .nodeIDMismatch)
                }

                try await ISCP2TestPeer.connected(to: server, token: server.edgeToken, nodeID: edgeNode) { edge in
                    let response = try await edge.resumeUpstream(stream, parkedOn: server)
                    #expect(response.resultCode == .succeeded)
                    let alias = response.assignedStreamIDAlias
                    // The data-id alias assigned before the drop still holds.
                    try await edge.send(R.chunk(alias: alias, sequenceNumber: 2, [R.group(alias: 1, [R.point(2, [2])])]))
                    #expect(try await edge.next(S.upstreamChunkAck).results.map(\.resultCode) == [.succeeded])
                    // A chunk sent again after the resume is acknowledged but not routed twice.
                    try await edge.send(R.chunk(alias: alias, sequenceNumber: 1, [R.group(alias: 1, [R.point(1, [1])])]))
                    #expect(try await edge.next(S.upstreamChunkAck).results.map(\.resultCode) == [.succeeded])
                    try await edge.send(R.chunk(alias: alias, sequenceNumber: 3, [R.group(alias: 1, [R.point(3, [3])])]))
                    #expect(try await edge.next(S.upstreamChunkAck).results.map(\.resultCode) == [.succeeded])
                }
                let resumed = try await viewer.next(S.metadata(on: 1))
                #expect(resumed.upstreamResume.streamID == stream)
                #expect(resumed.upstreamResume.sessionID == "session-1")
                let second = try await viewer.next(S.chunk(on: 1))
                #expect(second.upstreamInfo.streamID == stream)
                #expect(second.streamChunk.sequenceNumber == 2)
                #expect(second.streamChunk.dataPointGroups.first?.dataPoints == [R.point(2, [2])])
                #expect(try await viewer.next(S.chunk(on: 1)).streamChunk.sequenceNumber == 3)
            }
        }
    }

    @Test("an upstream not resumed within its expiry interval is reported lost, and cannot be resumed")
    func lostAfterExpiry() async throws {
        try await ISCP2TestServer.with { server in
            let edgeNode = server.edgeNodeID
            try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "viewer") { viewer in
                try await viewer.send(R.openDownstream(2, alias: 3, filters: [(edgeNode, [("#", "#")])]))
                #expect(try await viewer.next(S.downstreamOpenResponse).resultCode == .succeeded)
                try await ISCP2TestPeer.connected(to: server, token: server.edgeToken, nodeID: edgeNode) { edge in
                    try await edge.send(R.openUpstream(2, session: "session-2", expiry: 1))
                    #expect(try await edge.next(S.upstreamOpenResponse).resultCode == .succeeded)
                }
                let opened = try await viewer.next(S.metadata(on: 3))
                #expect(opened.upstreamOpen.sessionID == "session-2")
                let lost = try await viewer.next(S.metadata(on: 3))
                #expect(lost.upstreamAbnormalClose.streamID == opened.upstreamOpen.streamID)
                #expect(lost.upstreamAbnormalClose.sessionID == "session-2")
                #expect(lost.sourceNodeID == edgeNode)

                try await ISCP2TestPeer.connected(to: server, token: server.edgeToken, nodeID: edgeNode) { edge in
                    var request = ISCP2UpstreamResumeRequest()
                    request.requestID = 2
                    request.streamID = opened.upstreamOpen.streamID
                    try await edge.send(.upstreamResumeRequest(request))
                    #expect(try await edge.next(S.upstreamResumeResponse).resultCode == .streamNotFound)
                }
            }
        }
    }

    @Test("an upstream still attached to a live connection cannot be resumed yet: RESUME_REQUEST_CONFLICT")
    func resumeWhileAttached() async throws {
        try await ISCP2TestServer.with { server in
            let edgeNode = server.edgeNodeID
            try await ISCP2TestPeer.connected(to: server, token: server.edgeToken, nodeID: edgeNode) { edge in
                try await edge.send(R.openUpstream(2, session: "session-3", expiry: 30))
                let opened = try await edge.next(S.upstreamOpenResponse)
                try await ISCP2TestPeer.connected(to: server, token: server.edgeToken, nodeID: edgeNode) { second in
                    var request = ISCP2UpstreamResumeRequest()
                    request.requestID = 2
                    request.streamID = opened.assignedStreamID
                    try await second.send(.upstreamResumeRequest(request))
                    #expect(try await second.next(S.upstreamResumeResponse).resultCode == .resumeRequestConflict)
                }
                // Once closed, it is gone.
                try await edge.send(R.closeUpstream(4, streamID: opened.assignedStreamID, totalDataPoints: 0, finalSequenceNumber: 0))
                #expect(try await edge.next(S.upstreamCloseResponse).resultCode == .succeeded)
                var request = ISCP2UpstreamResumeRequest()
                request.requestID = 6
                request.streamID = opened.assignedStreamID
                try await edge.send(.upstreamResumeRequest(request))
                #expect(try await edge.next(S.upstreamResumeResponse).resultCode == .streamNotFound)
            }
        }
    }
}
