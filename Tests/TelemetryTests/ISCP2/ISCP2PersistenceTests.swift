import ChanceryTestSupport
import Foundation
import ISCP
import Testing

@testable import Telemetry

/// Upstreams with `persist`, recorded by the iSCP 1.0 suite's directory recorder (real files,
/// and a removed folder makes writes fail as a full disk would).
@Suite("iSCP v2 persistence", .timeLimit(.minutes(5)))
struct ISCP2PersistenceTests {
    typealias R = ISCP2Requests
    typealias S = ISCP2Selectors

    @Test("a persisting upstream's chunks are on disk when acked, its base time is stored, and close_session ends the session")
    func storesBeforeAcking() async throws {
        try await TemporaryDirectory.with { folder in
            let recorder = ISCP1DirectoryRecorder(root: URL(fileURLWithPath: folder, isDirectory: true))
            try await ISCP2TestServer.with(recorder: recorder) { server in
                let session = UUID().uuidString.lowercased()
                try await ISCP2TestPeer.connected(to: server, token: server.edgeToken, nodeID: server.edgeNodeID) { edge in
                    try await edge.send(R.openUpstream(2, session: session, persist: true))
                    let opened = try await edge.next(S.upstreamOpenResponse)
                    #expect(opened.resultCode == .succeeded, "\(opened.resultString)")
                    #expect(await recorder.edge(of: session) == server.edgeNodeID)

                    try await edge.send(
                        R.chunk(
                            alias: opened.assignedStreamIDAlias, sequenceNumber: 1, [R.group(R.dataID("1/speed", "float64"), [R.point(5, [1, 2])])]))
                    #expect(try await edge.next(S.upstreamChunkAck).results.map(\.resultCode) == [.succeeded])
                    let stream = try #require(UUID(iscp2StreamID: opened.assignedStreamID)).uuidString.lowercased()
                    let stored = try await recorder.chunks(of: session)
                    #expect(
                        stored["\(stream)-1.chunk"] == [
                            .init(dataID: TelemetryDataID(name: "1/speed", type: "float64"), elapsedTime: 5, payload: [1, 2])
                        ])

                    try await edge.send(R.baseTime(4, session: session, persist: true))
                    #expect(try await edge.next(S.upstreamMetadataAck).resultCode == .succeeded)
                    #expect(await recorder.baseTime(of: session, name: "edge_rtc")?.baseTime == 1_700_000_000_123_456_789)

                    try await edge.send(
                        R.closeUpstream(6, streamID: opened.assignedStreamID, totalDataPoints: 1, finalSequenceNumber: 1, closeSession: true))
                    #expect(try await edge.next(S.upstreamCloseResponse).resultCode == .succeeded)
                    #expect(await recorder.isEnded(session))
                }
            }
        }
    }

    @Test("a chunk that cannot be stored is acked with PROCESS_FAILED and reaches no downstream")
    func failedStoreIsNotAcknowledged() async throws {
        try await TemporaryDirectory.with { folder in
            let recorder = ISCP1DirectoryRecorder(root: URL(fileURLWithPath: folder, isDirectory: true))
            try await ISCP2TestServer.with(recorder: recorder) { server in
                let session = UUID().uuidString.lowercased()
                try await ISCP2TestPeer.connected(to: server, token: server.administratorToken, nodeID: "viewer") { viewer in
                    try await viewer.send(R.openDownstream(2, alias: 1, filters: [(server.edgeNodeID, [("#", "#")])]))
                    #expect(try await viewer.next(S.downstreamOpenResponse).resultCode == .succeeded)
                    try await ISCP2TestPeer.connected(to: server, token: server.edgeToken, nodeID: server.edgeNodeID) { edge in
                        try await edge.send(R.openUpstream(2, session: session, persist: true))
                        let alias = try await edge.next(S.upstreamOpenResponse).assignedStreamIDAlias
                        try await recorder.removeFolder(of: session)
                        try await edge.send(R.chunk(alias: alias, sequenceNumber: 1, [R.group(R.dataID("v", "int64"), [R.point(1, [1])])]))
                        let ack = try await edge.next(S.upstreamChunkAck)
                        #expect(ack.results.map(\.resultCode) == [.processFailed])
                        #expect(ack.results.first?.resultString.contains("stored") == true)
                        // A base time for a session no persisting upstream of the connection stores is refused.
                        try await edge.send(R.baseTime(4, session: UUID().uuidString.lowercased(), persist: true))
                        #expect(try await edge.next(S.upstreamMetadataAck).resultCode == .sessionNotFound)
                        // The next chunk goes through once it can be stored again: only it reaches the viewer.
                        _ = try await recorder.prepare(TelemetryUpstream(streamID: UUID(), sessionID: session, sourceNodeID: server.edgeNodeID))
                        try await edge.send(R.chunk(alias: alias, sequenceNumber: 2, [R.group(R.dataID("v", "int64"), [R.point(2, [2])])]))
                        #expect(try await edge.next(S.upstreamChunkAck).results.map(\.resultCode) == [.succeeded])
                    }
                    #expect(try await viewer.next(S.chunk(on: 1)).streamChunk.sequenceNumber == 2)
                }
            }
        }
    }

    @Test("an upstream whose session is not a measurement UUID is refused when it persists")
    func badSession() async throws {
        try await TemporaryDirectory.with { folder in
            let recorder = ISCP1DirectoryRecorder(root: URL(fileURLWithPath: folder, isDirectory: true))
            try await ISCP2TestServer.with(recorder: recorder) { server in
                try await ISCP2TestPeer.connected(to: server, token: server.edgeToken, nodeID: server.edgeNodeID) { edge in
                    try await edge.send(R.openUpstream(2, session: "not-a-uuid", persist: true))
                    let response = try await edge.next(S.upstreamOpenResponse)
                    #expect(response.resultCode == .processFailed)
                    #expect(response.resultString.contains("not-a-uuid"))
                    try await edge.send(R.openUpstream(4, session: "not-a-uuid", persist: false))
                    #expect(try await edge.next(S.upstreamOpenResponse).resultCode == .succeeded)
                }
            }
        }
    }
}
