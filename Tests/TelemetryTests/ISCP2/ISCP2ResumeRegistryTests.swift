import ChanceryTestSupport
import Foundation
import ISCP
import Testing

@testable import Telemetry

/// The registry of resumable streams on its own, with streams that are only ids and owners.
@Suite("iSCP v2 resume registry")
struct ISCP2ResumeRegistryTests {
    struct Stream: ISCP2ResumableStream {
        static let kind = "test stream"
        let streamID = UUID()
        let ownerNodeID: String
        let expiryInterval: Duration

        func mayBeResumed(byNode nodeID: String, user userID: String) -> Bool { nodeID == ownerNodeID }
    }

    @Test("a node's streams beyond the limit push out its oldest waiting one, not another node's")
    func perNodeLimit() async throws {
        let (expired, expiring) = AsyncStream<UUID>.makeStream()
        let clock = ManualClock()
        let registry = ISCP2ResumeRegistry<Stream>(maximumParkedPerNode: 2, clock: clock) { expiring.yield($0.streamID) }
        let streams = (0..<3).map { _ in Stream(ownerNodeID: "a", expiryInterval: .seconds(60)) }
        let other = Stream(ownerNodeID: "b", expiryInterval: .seconds(60))
        await registry.park(other)
        for stream in streams {
            await registry.register(stream)
            await registry.park(stream)
        }
        var expiries = expired.makeAsyncIterator()
        #expect(await expiries.next() == streams[0].streamID)
        #expect(await registry.parkedCount == 3)
        guard case .failure(let failure) = await registry.resume(streams[0].streamID.iscp2StreamID, nodeID: "a", userID: "") else {
            Issue.record("a pushed-out stream was resumed")
            return
        }
        #expect(failure.code == .streamNotFound)
        _ = try await registry.resume(streams[2].streamID.iscp2StreamID, nodeID: "a", userID: "").get()
        _ = try await registry.resume(other.streamID.iscp2StreamID, nodeID: "b", userID: "").get()
    }

    @Test("a wait for a stream to be parked ends when it is, at once when it already is, and at its timeout otherwise")
    func waitingUntilParked() async throws {
        let registry = ISCP2ResumeRegistry<Stream>(maximumParkedPerNode: 8, clock: ManualClock()) { _ in }
        let stream = Stream(ownerNodeID: "a", expiryInterval: .seconds(60))
        await registry.register(stream)
        async let parked = registry.waitUntilParked(stream.streamID)
        #expect(!(await registry.waitUntilParked(stream.streamID, timeout: .milliseconds(10))), "an attached stream is not parked")
        await registry.park(stream)
        #expect(await parked)
        #expect(await registry.waitUntilParked(stream.streamID, timeout: .zero))
    }

    @Test("a stream not resumed within its expiry interval is expired once; a resumed one is not")
    func expiry() async throws {
        let (expired, expiring) = AsyncStream<UUID>.makeStream()
        let clock = ManualClock()
        let registry = ISCP2ResumeRegistry<Stream>(maximumParkedPerNode: 8, clock: clock) { expiring.yield($0.streamID) }
        let lost = Stream(ownerNodeID: "a", expiryInterval: .milliseconds(100))
        let resumed = Stream(ownerNodeID: "a", expiryInterval: .milliseconds(100))
        await registry.park(lost)
        await registry.park(resumed)
        await clock.waitForSleepers(count: 2)
        _ = try await registry.resume(resumed.streamID.iscp2StreamID, nodeID: "a", userID: "").get()
        // Resuming cancels the resumed stream's timer: only the lost one's is left.
        await clock.waitForSleepers(count: 1)
        clock.advance(by: .milliseconds(99))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .milliseconds(1))
        var expiries = expired.makeAsyncIterator()
        #expect(await expiries.next() == lost.streamID)
        #expect(await registry.parkedCount == 0)
        // Nothing is left that could expire the resumed stream later.
        #expect(clock.sleeperCount == 0)
    }
}
