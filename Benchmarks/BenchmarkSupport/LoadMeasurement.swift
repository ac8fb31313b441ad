import Foundation

/// The outcome of running a number of calls under load: throughput and latency percentiles.
public struct LoadMeasurement: Sendable {
    /// Completed calls per second of wall time.
    public let rate: Double
    /// The median latency of one call, in seconds.
    public let p50: Double
    /// The 99th percentile latency of one call, in seconds.
    public let p99: Double
    /// The processor time (user and system, all threads) the whole process spent per call,
    /// in seconds: what a call costs, whatever else the machine runs meanwhile.
    public let processorTimePerCall: Double

    /// Runs `count` calls of `call` (each given its number, from 0), keeping `concurrency`
    /// of them in flight, and measures them.
    public static func run(
        count: Int, concurrency: Int, _ call: @escaping @Sendable (Int) async throws -> Void
    ) async throws -> LoadMeasurement {
        let start = ContinuousClock.now
        let processorTimeAtStart = processorTime()
        var latencies: [Double] = []
        latencies.reserveCapacity(count)
        try await withThrowingTaskGroup(of: Double.self) { calls in
            var next = 0
            func launch() {
                let number = next
                next += 1
                calls.addTask {
                    let begin = ContinuousClock.now
                    try await call(number)
                    return (ContinuousClock.now - begin).seconds
                }
            }
            while next < min(concurrency, count) { launch() }
            while let latency = try await calls.next() {
                latencies.append(latency)
                if next < count { launch() }
            }
        }
        let rate = Double(count) / (ContinuousClock.now - start).seconds
        let processorTimePerCall = (processorTime() - processorTimeAtStart) / Double(count)
        latencies.sort()
        return LoadMeasurement(
            rate: rate, p50: latencies[latencies.count / 2], p99: latencies[min(latencies.count - 1, latencies.count * 99 / 100)],
            processorTimePerCall: processorTimePerCall
        )
    }

    /// The user and system time this process has spent so far, on all its threads, in seconds.
    public static func processorTime() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}

extension Duration {
    /// The duration in seconds.
    public var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}
