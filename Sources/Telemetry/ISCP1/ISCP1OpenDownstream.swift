import ISCP
import Logging
import Synchronization

/// A downstream an iSCP 1.0 client opened on its connection: the broker's events from one
/// node, turned into units with the downstream's stream id and filtered as the client asked.
///
/// Its forwarder runs apart from the connection's reader, so the filter, which the reader
/// sets, is guarded by a lock.
///
/// Filtering follows the intdash SDK for Swift, where no filter means everything: a
/// downstream receives every unit until its first filter request, and a filter request with no
/// data filters for it also lets everything through. BaseTime units pass every filter, so a
/// viewer can always compute absolute times; they travel on channel 0, as intdash-py's own
/// synthesized base times do, since the broker does not keep the channel a device used.
final class ISCP1OpenDownstream: Sendable {
    /// The stream id the client gave.
    let streamID: UInt8
    /// The node watched (a lowercase UUID).
    let sourceNodeID: String
    /// The broker subscription that feeds it.
    let subscriptionID: UInt64
    private let filter = Mutex<ISCP1StreamFilter?>(nil)

    /// Creates a downstream fed by subscription `subscriptionID`.
    init(streamID: UInt8, sourceNodeID: String, subscriptionID: UInt64) {
        self.streamID = streamID
        self.sourceNodeID = sourceNodeID
        self.subscriptionID = subscriptionID
    }

    /// Replaces the filter.
    func setFilter(_ newFilter: ISCP1StreamFilter) {
        filter.withLock { $0 = newFilter }
    }

    /// Encodes each event of `events` as units and queues them, until the events end or the
    /// queue finishes.
    func forward(_ events: AsyncStream<TelemetryDownstreamEvent>, to queue: ISCP1OutboundQueue, logger: Logger) async {
        for await event in events {
            let bytes = encodedUnits(for: event, logger: logger)
            if bytes.isEmpty { continue }
            guard await queue.enqueueData(bytes) else { return }
        }
    }

    /// The encoded units that `event` gives this downstream: each point that has an iSCP 1.0
    /// form and passes the filter, or the base time.
    func encodedUnits(for event: TelemetryDownstreamEvent, logger: Logger) -> [UInt8] {
        let units: [ISCP1Unit]
        switch event {
        case .chunk(let chunk):
            let filter = filter.withLock { $0 }
            units = chunk.groups.flatMap { group in
                let view = ISCP1DataIDView(group.dataID)
                return group.dataPoints.compactMap { point -> ISCP1Unit? in
                    guard let unit = view.unit(of: point, streamID: streamID) else { return nil }
                    return Self.passes(unit, filter) ? unit : nil
                }
            }
        case .metadata(.baseTime(let baseTime), _):
            units = Self.baseTimeUnit(baseTime, streamID: streamID).map { [$0] } ?? []
        case .metadata:
            units = []
        }
        var bytes: [UInt8] = []
        for unit in units {
            if let problem = Self.append(unit, to: &bytes) {
                logger.notice(
                    "iSCP 1.0 downstream skipped a unit it cannot encode", metadata: ["iscp1.stream": "\(streamID)", "error": "\(problem)"])
            }
        }
        return bytes
    }

    /// Whether `unit` passes `filter`, where a missing or empty filter passes everything.
    private static func passes(_ unit: ISCP1Unit, _ filter: ISCP1StreamFilter?) -> Bool {
        guard let filter, !filter.dataFilters.isEmpty else { return true }
        return filter.passes(unit)
    }

    /// Appends the encoded `unit`; returns the encoder's error instead when it cannot.
    private static func append(_ unit: ISCP1Unit, to bytes: inout [UInt8]) -> ISCP1EncodingError? {
        do {
            try ISCP1Encoder().encode(.unit(unit), into: &bytes)
            return nil
        } catch {
            return error
        }
    }

    /// The BaseTime unit (data type `0x87`, channel 0) that tells a viewer `baseTime`, or `nil`
    /// when iSCP 1.0 cannot hold it (before 1970, after 2106, or an elapsed time beyond its
    /// range). A clock name iSCP 1.0 does not know becomes `volatile`, its least trusted type.
    static func baseTimeUnit(_ baseTime: TelemetryBaseTime, streamID: UInt8) -> ISCP1Unit? {
        guard baseTime.baseTime >= 0, let seconds = UInt32(exactly: baseTime.baseTime / 1_000_000_000) else { return nil }
        let payload = ISCP1BaseTime(
            type: baseTimeTypes[baseTime.name] ?? .volatile,
            seconds: seconds,
            nanoseconds: UInt32(baseTime.baseTime % 1_000_000_000)
        )
        let elapsed = ISCP1ElapsedTime(nanoseconds: baseTime.elapsedTime, precision: .nanoseconds)
        guard elapsed.seconds <= maximumElapsedSeconds else { return nil }
        return try? ISCP1Unit(streamID: streamID, channel: 0, elapsedTime: elapsed, payload: .baseTime(payload))
    }

    /// The most seconds an elapsed time can hold on the wire (VU16/24).
    private static let maximumElapsedSeconds: UInt32 = 8_388_607

    /// The iSCP 1.0 base time types by the names ``ISCP1DataMapping`` gives them.
    private static let baseTimeTypes: [String: ISCP1BaseTimeType] = [
        "edge_rtc": .edgeRTC, "ntp": .ntp, "gps": .gps, "volatile": .volatile,
        "api_first_received": .apiFirstReceived, "manual": .manual,
    ]
}
