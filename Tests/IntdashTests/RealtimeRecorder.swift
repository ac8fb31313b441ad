import ChanceryTestSupport
import Foundation
import Intdash
import Synchronization

/// A delegate of a client and its stream managers that records what it is told, for tests
/// to wait for and look at.
final class RealtimeRecorder: IntdashClientDelegate, IntdashClientUpstreamManagerDelegate, IntdashClientDownstreamManagerDelegate, Sendable {
    /// A section acknowledgement.
    struct Ack: Equatable, Sendable {
        let sectionID: Int
        let streamID: Int
        let success: Bool
        let isFinal: Bool
        let sentCount: Int
    }

    /// A generated section.
    struct Section: Equatable, Sendable {
        let sectionID: Int
        let sectionIndex: Int
        let isFinal: Bool
        let sentCount: Int
    }

    /// A received data point, reduced to what tests compare.
    struct Point: Equatable, Sendable {
        let time: Date
        let source: String
        let dataType: UInt8
        let dataID: String
        let value: Double?
    }

    /// What was recorded.
    struct Log: Sendable {
        var connects = 0
        var disconnects = 0
        var specRetries: [Bool] = []
        var acks: [Ack] = []
        var sections: [Section] = []
        var points: [Point] = []
        var failures: [String] = []
    }

    private let log = Mutex(Log())
    private let changes = StateChanges()

    /// A copy of the log.
    var current: Log { log.withLock { $0 } }

    /// Waits until `condition` holds for the log, up to `timeout`; returns whether it did.
    func wait(timeout: Duration = .seconds(30), until condition: (Log) -> Bool) async -> Bool {
        await changes.wait(timeout: timeout) { condition(current) }
    }

    /// Changes the log and wakes the tests waiting on it.
    private func record(_ change: (inout Log) -> Void) {
        log.withLock { change(&$0) }
        changes.changed()
    }

    func intdashClientDidConnect(_ client: IntdashClient) { record { $0.connects += 1 } }
    func intdashClientDidDisconnect(_ client: IntdashClient) { record { $0.disconnects += 1 } }
    func intdashClient(_ client: IntdashClient, didRetryToRequestSpecs success: Bool) { record { $0.specRetries.append(success) } }
    func intdashClient(_ client: IntdashClient, didFailWithError error: (any Error)?) {}

    func upstreamManager(
        _ manager: IntdashClient.UpstreamManager, didReceiveEndOfSection sectionId: Int, streamId: Int, success: Bool, final: Bool, sentCount: Int
    ) {
        record { $0.acks.append(Ack(sectionID: sectionId, streamID: streamId, success: success, isFinal: final, sentCount: sentCount)) }
    }

    func upstreamManager(
        _ manager: IntdashClient.UpstreamManager, didGeneratedSesion sectionId: Int, sectionIndex: Int, streamId: Int, final: Bool, sentCount: Int,
        startOfElapsedTime: TimeInterval, endOfElapsedTime: TimeInterval
    ) {
        record { $0.sections.append(Section(sectionID: sectionId, sectionIndex: sectionIndex, isFinal: final, sentCount: sentCount)) }
    }

    func downstreamManagerDidParseDataPoints(_ manager: IntdashClient.DownstreamManager, streamId: Int, dataPoints: [RealtimeDataPoint]) {
        let points = dataPoints.map { point in
            Point(
                time: point.time, source: point.srcEdgeId, dataType: point.dataType, dataID: point.dataId,
                value: (point.dataModel as? IntdashData.DataFloat)?.data)
        }
        record { $0.points += points }
    }

    func downstreamManagerDidFailToParseDataPoints(
        _ manager: IntdashClient.DownstreamManager, streamId: Int, with error: IntdashClientDownstreamManagerError
    ) {
        record { $0.failures.append("\(error)") }
    }
}
