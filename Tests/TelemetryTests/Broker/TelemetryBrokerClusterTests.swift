import ChanceryTestSupport
import Foundation
import Logging
import Storage
import Telemetry
import Testing

/// Brokers of two instances linked through Debian's `nats-server`: a downstream on one
/// receives what an upstream on the other publishes, in order; a call reaches a node
/// connected to the other instance.
@Suite(.enabled(if: TestNATSServer.isInstalled, "needs nats-server (scripts/test installs it)"), .timeLimit(.minutes(2)))
struct TelemetryBrokerClusterTests {
    private let edge = "11111111-2222-3333-4444-555555555555"

    /// Runs `body` with two brokers linked through one NATS server, each with a NATS client of
    /// its own, all closed after `body`. A call `a` passes on may wait two minutes for its answer
    /// (in a run of the whole suite, the exchange was seen to take from 4 to more than 10
    /// seconds); one `b` passes on waits `bCallTimeout`, all of which a call to a node connected
    /// nowhere waits.
    private func withTwoInstances(
        bCallTimeout: Duration = .seconds(120), _ body: (TelemetryBroker, TelemetryBroker) async throws -> Void
    ) async throws {
        let server = try await TestNATSServer.start()
        let logger = Logger(label: "cluster-test")
        let natsA = try await NATSClient.connect(to: [server.address], name: "a", answerTimeout: LoopbackDeadline.answer, logger: logger)
        let natsB = try await NATSClient.connect(to: [server.address], name: "b", answerTimeout: LoopbackDeadline.answer, logger: logger)
        let a = TelemetryBroker(link: TelemetryClusterLink(nats: natsA, callTimeout: .seconds(120), logger: logger))
        let b = TelemetryBroker(link: TelemetryClusterLink(nats: natsB, callTimeout: bCallTimeout, logger: logger))
        do {
            try await body(a, b)
        } catch {
            Issue.record(error)
        }
        await natsA.close()
        await natsB.close()
        await server.stop()
    }

    private func chunk(_ upstream: TelemetryUpstream, sequence: UInt32) -> TelemetryChunk {
        TelemetryChunk(
            upstream: upstream, sequenceNumber: sequence,
            groups: [
                TelemetryDataPointGroup(
                    dataID: TelemetryDataID(name: "1/speed", type: "float64"),
                    dataPoints: [
                        TelemetryDataPoint(elapsedTime: Int64(sequence), payload: [UInt8(truncatingIfNeeded: sequence)])
                    ]),
                TelemetryDataPointGroup(
                    dataID: TelemetryDataID(name: "1/rpm", type: "int64"),
                    dataPoints: [
                        TelemetryDataPoint(elapsedTime: Int64(sequence), payload: [9])
                    ]),
            ])
    }

    @Test func aDownstreamOnOneInstanceReceivesEveryChunkPublishedOnTheOtherInOrder() async throws {
        try await withTwoInstances { a, b in
            let upstream = TelemetryUpstream(streamID: UUID(), sessionID: "session", sourceNodeID: edge)
            let speeds = await b.subscribe([
                TelemetryDownstreamFilter(sourceNodeID: edge, dataFilters: [TelemetryDataFilter(name: "+/speed", type: "float64")])
            ])
            let local = await a.subscribe([.all(from: edge)])

            await a.publish(.upstreamOpened(upstream), from: edge)
            let sent = (1...300).map { chunk(upstream, sequence: UInt32($0)) }
            for chunk in sent { await a.publish(chunk) }
            await a.publish(.upstreamClosed(upstream, totalDataPoints: 600, finalSequenceNumber: 300), from: edge)

            var received: [TelemetryDownstreamEvent] = []
            for await event in speeds.events {
                received.append(event)
                if received.count == 302 { break }
            }
            let expected: [TelemetryDownstreamEvent] =
                [.metadata(.upstreamOpened(upstream), sourceNodeID: edge)]
                + sent.map { .chunk($0.keepingGroups { $0.dataID.name == "1/speed" }!) }
                + [.metadata(.upstreamClosed(upstream, totalDataPoints: 600, finalSequenceNumber: 300), sourceNodeID: edge)]
            #expect(received == expected)
            // The instance the upstream is on delivers to its own downstreams once, not again
            // through NATS.
            await a.unsubscribe(local.id)
            var localCount = 0
            for await _ in local.events { localCount += 1 }
            #expect(localCount == 302)
        }
    }

    @Test func aCallReachesANodeConnectedToTheOtherInstanceAndOneConnectedNowhereFails() async throws {
        try await withTwoInstances(bCallTimeout: .seconds(1)) { a, b in
            let attachment = await b.attach(node: edge)
            let call = TelemetryCall(
                callID: "c1", requestCallID: "", sourceNodeID: "caller", destinationNodeID: edge, name: "n", type: "t", payload: [1])
            #expect(await a.send(call))
            var calls = attachment.calls.makeAsyncIterator()
            #expect(await calls.next() == call)
            let nowhere = TelemetryCall(
                callID: "c2", requestCallID: "", sourceNodeID: "caller", destinationNodeID: "nobody", name: "n", type: "t", payload: [])
            // Nobody answers: the call fails once b's link has waited its timeout.
            #expect(await !b.send(nowhere))
            await b.detach(attachment)
        }
    }
}
