import Foundation

/// What a broker benchmark carries: `chunks` batches of `pointsPerChunk` points of one data id
/// with 8-byte payloads (``BrokerBatch``), at most `window` batches sent and not yet received at
/// a time.
///
/// Without a `rate`, the sender sends as fast as the window lets it: the broker's throughput.
/// With one, batch `n` (from 1) is due `(n - 1) × pointsPerChunk / rate` seconds after the
/// sender's first batch, and is stamped with that instant rather than the moment it left, so
/// that a sender held up by a slow broker does not hide the delay from the latencies
/// (coordinated omission).
///
/// The first point's payload is the send time, in nanoseconds since ``start``, so that the
/// receiver measures the latency of every batch on the same clock.
public struct BrokerWorkload: Sendable {
    /// How many batches are sent.
    public let chunks: Int
    /// How many points each batch holds.
    public let pointsPerChunk: Int
    /// How many batches may be in flight.
    public let window: Int
    /// The points per second offered, or `nil` for as many as the broker takes.
    public var rate: Double?
    /// The instant send times are counted from.
    public let start = ContinuousClock.now

    /// A workload of `chunks` batches of `pointsPerChunk` points, at most `window` in flight,
    /// offered at `rate` points per second or as fast as the broker takes them; its clock starts
    /// now.
    public init(chunks: Int, pointsPerChunk: Int, window: Int, rate: Double? = nil) {
        self.chunks = chunks
        self.pointsPerChunk = pointsPerChunk
        self.window = window
        self.rate = rate
    }

    /// Every point sent.
    public var totalPoints: Int { chunks * pointsPerChunk }

    /// The same workload with its clock starting now.
    public func restarted() -> BrokerWorkload {
        BrokerWorkload(chunks: chunks, pointsPerChunk: pointsPerChunk, window: window, rate: rate)
    }

    /// Nanoseconds since ``start``.
    public func now() -> UInt64 {
        nanoseconds(ContinuousClock.now - start)
    }

    /// Waits until batch `sequence` (from 1) is due, then returns its send time in
    /// nanoseconds since ``start``: when it was due at a given rate, counting from `origin`
    /// (the sender's ``now()`` before its first batch), now without one.
    public func sendTime(of sequence: UInt32, from origin: UInt64) async throws -> UInt64 {
        guard let rate else { return now() }
        let due = origin + UInt64(Double(Int(sequence) - 1) * Double(pointsPerChunk) / rate * 1e9)
        try await Task.sleep(until: start + .nanoseconds(due), tolerance: .zero, clock: .continuous)
        return due
    }

    private func nanoseconds(_ duration: Duration) -> UInt64 {
        UInt64(duration.components.seconds) * 1_000_000_000 + UInt64(duration.components.attoseconds / 1_000_000_000)
    }
}
