import ChanceryTestSupport
import Foundation
import ISCP
import Storage
import Synchronization
import Testing

@testable import Telemetry

/// iSCP v2 upstreams shared by the instances of a deployment (``ISCP2SharedUpstreams``):
/// resumed on another instance than the one that lost them, and reported lost once.
@Suite("iSCP v2 upstreams across instances", .timeLimit(.minutes(5)))
struct ISCP2SharedUpstreamsTests {
    typealias R = ISCP2Requests
    typealias S = ISCP2Selectors

    @Test("an upstream lost on one instance resumes on another with its aliases, and what the first stored is neither stored nor routed again")
    func resumeOnAnotherInstance() async throws {
        try await ISCP2TestServer.pair { first, second, store, _ in
            let edgeNode = first.edgeNodeID
            let session = UUID()
            try await ISCP2TestPeer.connected(to: second, token: second.administratorToken, nodeID: "viewer") { viewer in
                try await viewer.send(R.openDownstream(2, alias: 1, filters: [(edgeNode, [("#", "#")])]))
                #expect(try await viewer.next(S.downstreamOpenResponse).resultCode == .succeeded)

                let streamID = Mutex(Data())
                let rpm = R.dataID("1/rpm", "int64")
                // On the first instance: two chunks stored, the second assigning an alias; then
                // the connection drops without a Disconnect.
                try await ISCP2TestPeer.connected(to: first, token: first.edgeToken, nodeID: edgeNode) { edge in
                    try await edge.send(
                        R.openUpstream(
                            2, session: session.uuidString.lowercased(), dataIDs: [R.dataID("1/speed", "float64")], expiry: 30, persist: true
                        ))
                    let opened = try await edge.next(S.upstreamOpenResponse)
                    #expect(opened.resultCode == .succeeded, "\(opened.resultString)")
                    streamID.withLock { $0 = opened.assignedStreamID }
                    let alias = opened.assignedStreamIDAlias
                    try await edge.send(R.chunk(alias: alias, sequenceNumber: 1, [R.group(alias: 1, [R.point(1, [1])])]))
                    #expect(try await edge.next(S.upstreamChunkAck).results.map(\.resultCode) == [.succeeded])
                    try await edge.send(R.chunk(alias: alias, sequenceNumber: 2, [R.group(rpm, [R.point(2, [2])])]))
                    let ack = try await edge.next(S.upstreamChunkAck)
                    #expect(ack.results.map(\.resultCode) == [.succeeded])
                    #expect(ack.dataIDAliases == [2: rpm])
                }
                let stream = streamID.withLock { $0 }

                // On the second instance: the resume finds it, a resent chunk is acknowledged
                // without being stored or routed again, and the alias learnt on the first holds.
                try await ISCP2TestPeer.connected(to: second, token: second.edgeToken, nodeID: edgeNode) { edge in
                    let response = try await edge.resumeUpstream(stream, parkedOn: first)
                    #expect(response.resultCode == .succeeded, "\(response.resultString)")
                    let alias = response.assignedStreamIDAlias
                    try await edge.send(R.chunk(alias: alias, sequenceNumber: 2, [R.group(alias: 2, [R.point(2, [2])])]))
                    #expect(try await edge.next(S.upstreamChunkAck).results.map(\.resultCode) == [.succeeded])
                    try await edge.send(R.chunk(alias: alias, sequenceNumber: 3, [R.group(alias: 2, [R.point(3, [3])])]))
                    #expect(try await edge.next(S.upstreamChunkAck).results.map(\.resultCode) == [.succeeded])
                }
                #expect(try await viewer.next(S.metadata(on: 1)).upstreamResume.streamID == stream)
                let routed = try await viewer.next(S.chunk(on: 1))
                #expect(routed.streamChunk.sequenceNumber == 3)
                #expect(routed.streamChunk.dataPointGroups.first?.dataPoints == [R.point(3, [3])])

                let streamUUID = try #require(UUID(iscp2StreamID: stream))
                let sequence = try #require(try await store.sequence(streamUUID, of: session))
                #expect(sequence.receivedChunkCount == 3)
                #expect(sequence.receivedDataPoints == 3)
            }
        }
    }

    @Test("a claim takes an upstream from its holder, which then neither parks nor reports it; another node may not")
    func claimTakesOver() async throws {
        try await TestDatabase.with { database in
            try await database.migrate([TelemetryMigrations.all], logger: TestDatabase.logger)
            let first = ISCP2SharedUpstreams(database: database)
            let second = ISCP2SharedUpstreams(database: database)
            var state = Self.upstream(expiry: .seconds(30))
            _ = state.assignAliases(to: [TelemetryDataID(name: "a", type: "int64"), TelemetryDataID(name: "b", type: "int64")])
            try await first.register(state)
            try await first.saveAliases([3: TelemetryDataID(name: "c", type: "int64")], of: state.streamID)

            guard case .refused(let mismatch) = try await second.claim(state.streamID, nodeID: "another node") else {
                Issue.record("a claim by another node succeeded")
                return
            }
            #expect(mismatch.code == .nodeIDMismatch)
            guard case .refused(let unknown) = try await second.claim(UUID(), nodeID: state.ownerNodeID) else {
                Issue.record("a claim of an unknown upstream succeeded")
                return
            }
            #expect(unknown.code == .streamNotFound)

            guard case .claimed(let claimed, let previousHolder) = try await second.claim(state.streamID, nodeID: state.ownerNodeID) else {
                Issue.record("the claim was refused")
                return
            }
            #expect(previousHolder == first.instanceID)
            #expect(claimed.upstream == state.upstream)
            #expect(claimed.persists == state.persists && claimed.qos == state.qos)
            #expect(claimed.expiryInterval == state.expiryInterval && claimed.ackInterval == state.ackInterval)
            #expect(
                claimed.aliases.assigned == [
                    1: TelemetryDataID(name: "a", type: "int64"), 2: TelemetryDataID(name: "b", type: "int64"),
                    3: TelemetryDataID(name: "c", type: "int64"),
                ])

            #expect(try await first.park(state.streamID, for: .seconds(30)) == false)
            #expect(try await first.release(state.streamID) == false)
            #expect(try await second.release(state.streamID) == true)
            guard case .refused(let released) = try await first.claim(state.streamID, nodeID: state.ownerNodeID) else {
                Issue.record("a released upstream was claimed")
                return
            }
            #expect(released.code == .streamNotFound)
        }
    }

    @Test("an upstream whose holder stops renewing, or that waits parked past its expiry, is swept and reported once")
    func expiredLeasesAreSweptOnce() async throws {
        try await TestDatabase.with { database in
            try await database.migrate([TelemetryMigrations.all], logger: TestDatabase.logger)
            let now = Mutex(Date(timeIntervalSince1970: 1_800_000_000))
            let clock: @Sendable () -> Date = { now.withLock { $0 } }
            let advance: @Sendable (TimeInterval) -> Void = { seconds in now.withLock { $0 += seconds } }
            let holder = ISCP2SharedUpstreams(database: database, leaseTime: .seconds(30), clock: clock)
            let sweeper = ISCP2SharedUpstreams(database: database, leaseTime: .seconds(30), clock: clock)

            let attached = Self.upstream(expiry: .seconds(10))
            let parked = Self.upstream(expiry: .seconds(5))
            try await holder.register(attached)
            try await holder.register(parked)
            #expect(try await holder.park(parked.streamID, for: parked.expiryInterval))

            advance(4)
            #expect(try await sweeper.sweepExpired().isEmpty)
            advance(2)
            // Parked for 6 s with an expiry of 5 s: no longer resumable, and swept once.
            guard case .refused(let gone) = try await sweeper.claim(parked.streamID, nodeID: parked.ownerNodeID) else {
                Issue.record("an expired upstream was claimed")
                return
            }
            #expect(gone.code == .streamNotFound)
            #expect(try await sweeper.sweepExpired() == [parked.upstream])
            #expect(try await sweeper.sweepExpired().isEmpty)
            #expect(try await holder.release(parked.streamID) == false)

            // The attached one lives while its holder renews (30 s of lease plus 10 s of expiry).
            advance(33)
            #expect(try await sweeper.sweepExpired().isEmpty)
            try await holder.renewLeases()
            advance(39)
            #expect(try await sweeper.sweepExpired().isEmpty)
            // Then its holder stops (killed): 40 s after the last renewal it is lost.
            advance(2)
            #expect(try await sweeper.sweepExpired() == [attached.upstream])
            #expect(try await holder.release(attached.streamID) == false)
        }
    }

    private static func upstream(expiry: Duration) -> ISCP2UpstreamState {
        let upstream = TelemetryUpstream(streamID: UUID(), sessionID: UUID().uuidString.lowercased(), sourceNodeID: "node-\(UUID())")
        return ISCP2UpstreamState(upstream: upstream, qos: .reliable, persists: true, expiryInterval: expiry, ackInterval: .milliseconds(100))
    }
}
