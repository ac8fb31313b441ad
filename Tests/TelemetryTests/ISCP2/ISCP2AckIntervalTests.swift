import Foundation
import ISCP
import Testing

@testable import Telemetry

/// How an upstream's `ack_interval` paces its acknowledgements.
@Suite("iSCP v2 ack interval", .timeLimit(.minutes(5)))
struct ISCP2AckIntervalTests {
    typealias R = ISCP2Requests
    typealias S = ISCP2Selectors

    @Test("the first chunk is acked at once; the chunks after it are acked no sooner than the interval later, together")
    func acksArePacedByTheInterval() async throws {
        try await ISCP2TestServer.with { server in
            try await ISCP2TestPeer.connected(to: server, token: server.edgeToken, nodeID: server.edgeNodeID) { edge in
                try await edge.send(R.openUpstream(2, session: UUID().uuidString.lowercased(), ackInterval: 500))
                let alias = try await edge.next(S.upstreamOpenResponse).assignedStreamIDAlias
                let v = R.dataID("v", "int64")
                // The server times the interval from when it sent the first ack, which is after it
                // read the first chunk, so after this instant. Timing from the first ack's arrival
                // instead would count its delivery delay, which a loaded machine makes long.
                let firstSentAt = ContinuousClock.now
                try await edge.send(R.chunk(alias: alias, sequenceNumber: 1, [R.group(v, [R.point(1, [1])])], dataIDs: [v]))
                let first = try await edge.next(S.upstreamChunkAck)
                #expect(first.results.map(\.sequenceNumber) == [1])

                for sequenceNumber in UInt32(2)...6 {
                    try await edge.send(R.chunk(alias: alias, sequenceNumber: sequenceNumber, [R.group(v, [R.point(Int64(sequenceNumber), [1])])]))
                }
                var acks: [ISCP2UpstreamChunkAck] = []
                while acks.flatMap(\.results).count < 5 {
                    acks.append(try await edge.next(S.upstreamChunkAck))
                    if acks.count == 1 { #expect(ContinuousClock.now - firstSentAt >= .milliseconds(500)) }
                }
                #expect(acks.flatMap(\.results).map(\.sequenceNumber) == [2, 3, 4, 5, 6])
                #expect(acks.flatMap(\.results).allSatisfy { $0.resultCode == .succeeded })
                // Chunks sent back to back wait for the same deadline; a second ack is possible
                // only when the last of them was read after it.
                #expect(acks.count <= 2)
            }
        }
    }

    @Test("a close is answered after the acks of every chunk before it, without waiting for the interval")
    func closeFlushesTheAcks() async throws {
        // An interval far longer than the test may take, even on a loaded machine.
        var limits = ISCP2Limits()
        limits.maximumAckInterval = .seconds(60)
        try await ISCP2TestServer.with(limits: limits) { server in
            try await ISCP2TestPeer.connected(to: server, token: server.edgeToken, nodeID: server.edgeNodeID) { edge in
                try await edge.send(R.openUpstream(2, session: UUID().uuidString.lowercased(), ackInterval: 60_000))
                let opened = try await edge.next(S.upstreamOpenResponse)
                let v = R.dataID("v", "int64")
                let startedAt = ContinuousClock.now
                for sequenceNumber in UInt32(1)...3 {
                    let dataIDs = sequenceNumber == 1 ? [v] : []
                    try await edge.send(
                        R.chunk(
                            alias: opened.assignedStreamIDAlias, sequenceNumber: sequenceNumber, [R.group(v, [R.point(1, [1])])], dataIDs: dataIDs))
                }
                var close = ISCP2UpstreamCloseRequest()
                close.requestID = 3
                close.streamID = opened.assignedStreamID
                close.totalDataPoints = 3
                close.finalSequenceNumber = 3
                try await edge.send(.upstreamCloseRequest(close))
                var acked: [UInt32] = []
                while true {
                    guard let message = try await edge.next() else { break }
                    if case .upstreamChunkAck(let ack) = message {
                        acked += ack.results.map(\.sequenceNumber)
                    } else if case .upstreamCloseResponse(let response) = message {
                        #expect(response.resultCode == .succeeded)
                        break
                    }
                }
                #expect(acked == [1, 2, 3])
                #expect(ContinuousClock.now - startedAt < .seconds(30))
            }
        }
    }
}
