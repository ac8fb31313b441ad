import Foundation
import ISCP
import Testing

@testable import Telemetry

/// Persisting upstreams whose measurement is deleted while they send, over the real recorder
/// (catalog and chunk files).
@Suite("iSCP v2 and deleted measurements", .timeLimit(.minutes(5)))
struct ISCP2DeletedMeasurementTests {
    typealias R = ISCP2Requests
    typealias S = ISCP2Selectors

    @Test("after its measurement is deleted, a persisting upstream's chunks, base times and close_session get SESSION_NOT_FOUND")
    func deletedMeasurementIsNotAcknowledged() async throws {
        try await RecordingFixture.with { fixture in
            try await ISCP2TestServer.with(recorder: fixture.recorder) { server in
                let measurement = UUID()
                let session = measurement.uuidString.lowercased()
                try await ISCP2TestPeer.connected(to: server, token: server.edgeToken, nodeID: server.edgeNodeID) { edge in
                    try await edge.send(R.openUpstream(2, session: session, persist: true))
                    let opened = try await edge.next(S.upstreamOpenResponse)
                    #expect(opened.resultCode == .succeeded, "\(opened.resultString)")
                    let alias = opened.assignedStreamIDAlias
                    try await edge.send(R.chunk(alias: alias, sequenceNumber: 1, [R.group(R.dataID("v", "int64"), [R.point(1, [1])])]))
                    #expect(try await edge.next(S.upstreamChunkAck).results.map(\.resultCode) == [.succeeded])

                    try await fixture.measurements.delete(uuid: session, scope: .everything)
                    try await fixture.data.delete(measurement: measurement)

                    try await edge.send(R.chunk(alias: alias, sequenceNumber: 2, [R.group(R.dataID("v", "int64"), [R.point(2, [2])])]))
                    let refused = try #require(try await edge.next(S.upstreamChunkAck).results.first)
                    #expect(refused.resultCode == .sessionNotFound)
                    #expect(refused.resultString.contains(session))
                    #expect(!fixture.hasFiles(measurement))
                    #expect(try await fixture.indexRows(of: measurement) == 0)

                    try await edge.send(R.baseTime(4, session: session, persist: true))
                    #expect(try await edge.next(S.upstreamMetadataAck).resultCode == .sessionNotFound)
                    try await edge.send(
                        R.closeUpstream(6, streamID: opened.assignedStreamID, totalDataPoints: 2, finalSequenceNumber: 2, closeSession: true))
                    #expect(try await edge.next(S.upstreamCloseResponse).resultCode == .sessionNotFound)
                }
            }
        }
    }
}
