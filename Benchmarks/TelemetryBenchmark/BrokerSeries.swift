import BenchmarkSupport

/// The workloads each broker carries, each with a start of its own: as fast as the broker
/// takes them (its throughput, in rounds: ``BrokerRounds``), at a fixed offered rate (its
/// latency under that load), and one batch at a time (its latency with nothing queued).
struct BrokerSeries {
    /// At most `window` batches in flight, sent as fast as the window lets them go.
    let saturated: BrokerWorkload
    /// Up to 5,000 batches offered at `rate` points/s, at most `window` in flight.
    let fixedRate: BrokerWorkload
    /// Up to 2,000 batches, each sent once the one before arrived.
    let oneAtATime: BrokerWorkload

    /// The series for `chunks` batches of `pointsPerChunk` points.
    init(chunks: Int, pointsPerChunk: Int, window: Int, rate: Double) {
        saturated = BrokerWorkload(chunks: chunks, pointsPerChunk: pointsPerChunk, window: window)
        fixedRate = BrokerWorkload(chunks: min(chunks, 5_000), pointsPerChunk: pointsPerChunk, window: window, rate: rate)
        oneAtATime = BrokerWorkload(chunks: min(chunks, 2_000), pointsPerChunk: pointsPerChunk, window: 1)
    }

    /// The saturated workload anew, for a persisting run.
    var persisted: BrokerWorkload { saturated.restarted() }

    /// What one broker measured of the latency workloads.
    struct Latencies {
        let fixedRate: BrokerMeasurement
        let oneAtATime: BrokerMeasurement
    }

    /// Runs the fixed-rate and the one-at-a-time workloads through `run`, in order, each timed
    /// from its own start.
    func measureLatencies(with run: (BrokerWorkload) async throws -> BrokerMeasurement) async throws -> Latencies {
        let fixedRate = try await run(self.fixedRate.restarted())
        let oneAtATime = try await run(self.oneAtATime.restarted())
        return Latencies(fixedRate: fixedRate, oneAtATime: oneAtATime)
    }
}
