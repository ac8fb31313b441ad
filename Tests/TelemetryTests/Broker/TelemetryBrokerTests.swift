import ChanceryTestSupport
import Foundation
import Telemetry
import Testing

@Suite struct TelemetryBrokerTests {
    private let edge = "11111111-2222-3333-4444-555555555555"
    private let other = "aaaaaaaa-bbbb-cccc-dddd-eeeeeeeeeeee"

    private func chunk(from node: String, sequence: UInt32, _ groups: [(String, String, [Int64])]) -> TelemetryChunk {
        TelemetryChunk(
            upstream: TelemetryUpstream(streamID: UUID(), sessionID: "session", sourceNodeID: node),
            sequenceNumber: sequence,
            groups: groups.map { name, type, times in
                TelemetryDataPointGroup(
                    dataID: TelemetryDataID(name: name, type: type),
                    dataPoints: times.map { TelemetryDataPoint(elapsedTime: $0, payload: [UInt8(truncatingIfNeeded: $0)]) })
            }
        )
    }

    @Test func aSubscriberGetsOnlyTheGroupsItsFiltersPassFromTheNodeItWatches() async {
        let broker = TelemetryBroker()
        let speeds = await broker.subscribe([
            TelemetryDownstreamFilter(sourceNodeID: edge, dataFilters: [TelemetryDataFilter(name: "+/speed", type: "float64")])
        ])
        let everything = await broker.subscribe([.all(from: edge)])
        let sent = chunk(from: edge, sequence: 1, [("1/speed", "float64", [1, 2]), ("1/rpm", "int64", [3]), ("2/speed", "float64", [4])])
        await broker.publish(chunk(from: other, sequence: 1, [("1/speed", "float64", [9])]))
        await broker.publish(sent)
        await broker.unsubscribe(speeds.id)
        await broker.unsubscribe(everything.id)

        var speedEvents: [TelemetryDownstreamEvent] = []
        for await event in speeds.events { speedEvents.append(event) }
        var allEvents: [TelemetryDownstreamEvent] = []
        for await event in everything.events { allEvents.append(event) }

        let expectedSpeeds = TelemetryChunk(upstream: sent.upstream, sequenceNumber: 1, groups: [sent.groups[0], sent.groups[2]])
        #expect(speedEvents == [.chunk(expectedSpeeds)])
        #expect(allEvents == [.chunk(sent)])
    }

    @Test func aChunkWithNoPassingGroupIsNotDelivered() async {
        let broker = TelemetryBroker()
        let watch = await broker.subscribe([TelemetryDownstreamFilter(sourceNodeID: edge, dataFilters: [TelemetryDataFilter(name: "9/#", type: "#")])]
        )
        await broker.publish(chunk(from: edge, sequence: 1, [("1/speed", "float64", [1])]))
        await broker.publish(.baseTime(TelemetryBaseTime(sessionID: "s", name: "edge_rtc", priority: 2, elapsedTime: 0, baseTime: 5)), from: edge)
        await broker.unsubscribe(watch.id)
        var events: [TelemetryDownstreamEvent] = []
        for await event in watch.events { events.append(event) }
        #expect(
            events == [
                .metadata(
                    .baseTime(TelemetryBaseTime(sessionID: "s", name: "edge_rtc", priority: 2, elapsedTime: 0, baseTime: 5)), sourceNodeID: edge)
            ])
    }

    @Test func aSlowSubscriberLosesTheOldestEventsBeyondItsBufferAndTheyAreCounted() async {
        let broker = TelemetryBroker(bufferLimit: 4)
        let watch = await broker.subscribe([.all(from: edge)])
        for sequence in 1...10 {
            await broker.publish(chunk(from: edge, sequence: UInt32(sequence), [("1/x", "int64", [Int64(sequence)])]))
        }
        #expect(await broker.droppedEvents(of: watch.id) == 6)
        await broker.unsubscribe(watch.id)
        var sequences: [UInt32] = []
        for await case .chunk(let chunk) in watch.events { sequences.append(chunk.sequenceNumber) }
        #expect(sequences == [7, 8, 9, 10])
    }

    @Test func callsReachEveryConnectionOfTheDestinationNodeOnly() async {
        let broker = TelemetryBroker()
        let first = await broker.attach(node: edge)
        let second = await broker.attach(node: edge)
        let bystander = await broker.attach(node: other)
        let call = TelemetryCall(
            callID: "c1", requestCallID: "", sourceNodeID: other, destinationNodeID: edge, name: "greet", type: "string", payload: Array("hi".utf8))
        #expect(await broker.send(call))
        #expect(
            await !broker.send(
                TelemetryCall(callID: "c2", requestCallID: "", sourceNodeID: edge, destinationNodeID: "nobody", name: "", type: "", payload: [])))
        for attachment in [first, second, bystander] { await broker.detach(attachment) }
        #expect(await !broker.isAttached(edge))

        var received: [[TelemetryCall]] = []
        for attachment in [first, second, bystander] {
            var calls: [TelemetryCall] = []
            for await call in attachment.calls { calls.append(call) }
            received.append(calls)
        }
        #expect(received == [[call], [call], []])
    }

    @Test func endingTheEventStreamUnsubscribes() async throws {
        let broker = TelemetryBroker()
        do {
            let watch = await broker.subscribe([.all(from: edge)])
            #expect(await broker.subscriptionCount == 1)
            _ = watch
        }
        // The stream was dropped: its termination handler unsubscribes in a task of its own.
        #expect(await yieldUntil { await broker.subscriptionCount == 0 })
    }

    @Test func aWaitForTheSubscriptionCountEndsWhenItIsReachedOrAtItsTimeout() async {
        let broker = TelemetryBroker()
        #expect(await broker.waitUntilSubscriptionCount(timeout: .zero) { $0 == 0 })
        async let two = broker.waitUntilSubscriptionCount { $0 == 2 }
        let first = await broker.subscribe([.all(from: edge)])
        let second = await broker.subscribe([.all(from: other)])
        #expect(await two)
        await broker.unsubscribe(first.id)
        #expect(await broker.waitUntilSubscriptionCount { $0 == 1 })
        #expect(!(await broker.waitUntilSubscriptionCount(timeout: .milliseconds(50)) { $0 == 5 }))
        await broker.unsubscribe(second.id)
    }
}
