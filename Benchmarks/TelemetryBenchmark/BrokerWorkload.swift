import Foundation
import ISCP

/// What a broker benchmark carries: `chunks` batches of `pointsPerChunk` points of one data id
/// with 8-byte payloads, at most `window` batches sent and not yet received at a time.
///
/// Each batch is an iSCP v2 `StreamChunk`; the first point's payload is the instant the batch
/// was sent, in nanoseconds since ``start``, so that the receiver measures the latency of every
/// batch on the same clock.
struct BrokerWorkload: Sendable {
    /// How many batches are sent.
    let chunks: Int
    /// How many points each batch holds.
    let pointsPerChunk: Int
    /// How many batches may be in flight.
    let window: Int
    /// The instant send times are counted from.
    let start = ContinuousClock.now

    /// Every point sent.
    var totalPoints: Int { chunks * pointsPerChunk }

    /// The data id of every point.
    static let dataID: ISCP2DataID = {
        var dataID = ISCP2DataID()
        dataID.name = "1/value"
        dataID.type = "float64"
        return dataID
    }()

    /// Nanoseconds since ``start``.
    func now() -> UInt64 {
        let elapsed = ContinuousClock.now - start
        return UInt64(elapsed.components.seconds) * 1_000_000_000 + UInt64(elapsed.components.attoseconds / 1_000_000_000)
    }

    /// Batch number `sequence` (from 1), stamped with the current time.
    func streamChunk(sequence: UInt32) -> ISCP2StreamChunk {
        var group = ISCP2DataPointGroup()
        group.dataID = Self.dataID
        let sentAt = now()
        group.dataPoints = (0..<pointsPerChunk).map { index in
            var point = ISCP2DataPoint()
            point.elapsedTime = Int64(sequence) * 1_000_000 + Int64(index)
            let value = index == 0 ? sentAt : UInt64(index)
            point.payload = Data((0..<8).map { UInt8(truncatingIfNeeded: value >> (56 - 8 * $0)) })
            return point
        }
        var chunk = ISCP2StreamChunk()
        chunk.sequenceNumber = sequence
        chunk.dataPointGroups = [group]
        return chunk
    }

    /// The send time stamped in `chunk`, or `nil` when it carries no point.
    static func sentAt(of chunk: ISCP2StreamChunk) -> UInt64? {
        guard let payload = chunk.dataPointGroups.first?.dataPoints.first?.payload, payload.count == 8 else { return nil }
        return payload.reduce(0) { $0 << 8 | UInt64($1) }
    }
}
