/// What a receiver saw: how many points arrived, how fast, and the latency of each batch from
/// its sending to its arrival.
public struct BrokerMeasurement: Sendable {
    /// The points received.
    public let points: Int
    /// Points received per second, from the first batch sent to the last received.
    public let pointsPerSecond: Double
    /// The median batch latency, in seconds.
    public let p50: Double
    /// The 99th percentile batch latency, in seconds.
    public let p99: Double

    /// Summarizes `latencies` (nanoseconds) of `points` points received over `nanoseconds`.
    public init(points: Int, nanoseconds: UInt64, latencies: [UInt64]) {
        let sorted = latencies.sorted()
        self.points = points
        pointsPerSecond = Double(points) / (Double(nanoseconds) / 1e9)
        p50 = sorted.isEmpty ? 0 : Double(sorted[sorted.count / 2]) / 1e9
        p99 = sorted.isEmpty ? 0 : Double(sorted[min(sorted.count - 1, sorted.count * 99 / 100)]) / 1e9
    }
}

/// The receiving end of a benchmark: counts points and collects batch latencies.
public struct BrokerReceiver: Sendable {
    /// The points received so far.
    public private(set) var points = 0
    /// The latency of each batch received so far, in nanoseconds.
    public private(set) var latencies: [UInt64] = []

    /// A receiver that has received nothing.
    public init() {}

    /// Records a batch of `count` points stamped `sentAt`, received at `receivedAt`.
    public mutating func record(count: Int, sentAt: UInt64?, receivedAt: UInt64) {
        points += count
        if let sentAt, receivedAt >= sentAt { latencies.append(receivedAt - sentAt) }
    }

    /// Adds what `other` received, on the same clock: the receivers of several connections
    /// make one measurement.
    public mutating func merge(_ other: BrokerReceiver) {
        points += other.points
        latencies += other.latencies
    }

    /// The measurement once everything arrived at `end` (nanoseconds since the workload's start).
    public func measurement(end: UInt64) -> BrokerMeasurement {
        BrokerMeasurement(points: points, nanoseconds: end, latencies: latencies)
    }
}
