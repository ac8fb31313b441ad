import Foundation
import ISCP
import Testing

@testable import Telemetry

/// A recorder whose chunk stores wait until the test opens its gate: a disk that stalls.
actor GatedRecorder: TelemetryRecording {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []
    /// The sequence numbers stored, in order.
    private(set) var stored: [UInt32] = []

    /// Lets every waiting and later store complete.
    func open() {
        isOpen = true
        for store in waiting { store.resume() }
        waiting = []
    }

    func createMeasurement(edgeID: String) async throws -> UUID { UUID() }
    func prepare(_ upstream: TelemetryUpstream) async throws {}
    func record(_ baseTime: TelemetryBaseTime) async throws {}
    func endSession(_ sessionID: String) async throws {}

    func declare(_ upstream: TelemetryUpstream, totalDataPoints: UInt64, finalSequenceNumber: UInt32) async throws {}

    func progress(of upstream: TelemetryUpstream) async throws -> TelemetryStreamProgress {
        throw TelemetryRecordingError("the gated recorder keeps no progress")
    }

    func record(_ chunk: TelemetryChunk) async throws {
        if !isOpen { await withCheckedContinuation { waiting.append($0) } }
        stored.append(chunk.sequenceNumber)
    }
}

@Suite("iSCP v2 with slow storage", .timeLimit(.minutes(5)))
struct ISCP2SlowStorageTests {
    typealias R = ISCP2Requests
    typealias S = ISCP2Selectors

    @Test("a ping is answered while chunks wait for storage, and the chunks are then acked in order, once stored")
    func pongsDoNotWaitForStorage() async throws {
        let recorder = GatedRecorder()
        try await ISCP2TestServer.with(recorder: recorder) { server in
            try await ISCP2TestPeer.connected(to: server, token: server.edgeToken, nodeID: server.edgeNodeID) { edge in
                try await edge.send(R.openUpstream(2, session: UUID().uuidString.lowercased(), persist: true))
                let alias = try await edge.next(S.upstreamOpenResponse).assignedStreamIDAlias
                for sequenceNumber in UInt32(1)...3 {
                    try await edge.send(
                        R.chunk(
                            alias: alias, sequenceNumber: sequenceNumber, [R.group(R.dataID("v", "int64"), [R.point(Int64(sequenceNumber), [1])])]))
                }
                try await edge.send(R.ping(4))
                // Nothing is stored yet, so the first thing answered must be the pong.
                guard case .pong(let pong)? = try await edge.next() else {
                    Issue.record("the ping was not answered first")
                    return
                }
                #expect(pong.requestID == 4)
                #expect(await recorder.stored.isEmpty)

                await recorder.open()
                var acked: [UInt32] = []
                for _ in 1...3 {
                    let ack = try await edge.next(S.upstreamChunkAck)
                    #expect(ack.results.map(\.resultCode) == [.succeeded])
                    acked += ack.results.map(\.sequenceNumber)
                }
                #expect(acked == [1, 2, 3])
                #expect(await recorder.stored == [1, 2, 3])
            }
        }
    }

    @Test("chunks read while the handler was busy are acknowledged together, in one ack per upstream")
    func chunksReadTogetherAreAckedTogether() async throws {
        let recorder = GatedRecorder()
        try await ISCP2TestServer.with(recorder: recorder) { server in
            try await ISCP2TestPeer.connected(to: server, token: server.edgeToken, nodeID: server.edgeNodeID) { edge in
                try await edge.send(R.openUpstream(2, session: UUID().uuidString.lowercased(), persist: true))
                let stored = try await edge.next(S.upstreamOpenResponse).assignedStreamIDAlias
                try await edge.send(R.openUpstream(3, session: UUID().uuidString.lowercased()))
                let routed = try await edge.next(S.upstreamOpenResponse).assignedStreamIDAlias
                // The stored chunk holds the handler at the gate while the routed ones are read.
                try await edge.send(R.chunk(alias: stored, sequenceNumber: 1, [R.group(R.dataID("v", "int64"), [R.point(1, [1])])]))
                let w = R.dataID("w", "int64")
                for sequenceNumber in UInt32(1)...3 {
                    let dataIDs = sequenceNumber == 1 ? [w] : []
                    try await edge.send(
                        R.chunk(alias: routed, sequenceNumber: sequenceNumber, [R.group(w, [R.point(Int64(sequenceNumber), [2])])], dataIDs: dataIDs))
                }
                try await edge.send(R.ping(4))
                guard case .pong(let pong)? = try await edge.next() else {
                    Issue.record("the ping was not answered first")
                    return
                }
                #expect(pong.requestID == 4)

                await recorder.open()
                let first = try await edge.next(S.upstreamChunkAck)
                #expect(first.streamIDAlias == stored)
                #expect(first.results.map(\.sequenceNumber) == [1])
                let second = try await edge.next(S.upstreamChunkAck)
                #expect(second.streamIDAlias == routed)
                #expect(second.results.map(\.sequenceNumber) == [1, 2, 3])
                #expect(second.results.map(\.resultCode) == [.succeeded, .succeeded, .succeeded])
                #expect(second.dataIDAliases.values.map(\.name) == ["w"])
            }
        }
    }
}
