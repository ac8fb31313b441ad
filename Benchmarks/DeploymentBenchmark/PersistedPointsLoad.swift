import BenchmarkSupport

/// Telemetry points stored per second through a deployment's iSCP v2 endpoint, as devices send
/// them: several device connections at once, each with an upstream that persists into a
/// measurement of its own (``ISCP2BrokerRun/persist(_:)``), sending chunks of
/// ``pointsPerChunk`` points of one data id with 8-byte payloads, at most ``window`` chunks
/// unacknowledged.
///
/// A point counts once the server acknowledged its chunk `SUCCEEDED`; the latency of a chunk
/// runs from its sending to that acknowledgement. The rate runs from before the devices
/// connect to the last acknowledgement, so it includes connecting and opening the upstreams.
struct PersistedPointsLoad {
    /// How many points each chunk holds.
    static let pointsPerChunk = 100
    /// How many chunks one device keeps sent and not yet acknowledged.
    static let window = 16
    /// How long one measurement may take before the benchmark gives up on it.
    static let timeLimit = Duration.seconds(300)

    /// The endpoint and the token the devices present.
    let endpoint: ISCP2BrokerRun

    /// Sends `chunks` chunks in all, shared evenly by `clients` devices connected at once (at
    /// least one chunk each), and measures the points acknowledged; throws if a device fails,
    /// a point is not acknowledged, or the whole takes longer than ``timeLimit``.
    func measure(chunks: Int, clients: Int) async throws -> BrokerMeasurement {
        let workload = BrokerWorkload(chunks: max(1, chunks / clients), pointsPerChunk: Self.pointsPerChunk, window: Self.window)
        return try await withThrowingTaskGroup(of: BrokerReceiver.self) { devices in
            devices.addTask {
                try await Task.sleep(for: Self.timeLimit)
                throw BenchmarkError("\(clients) devices did not have their points acknowledged within \(Self.timeLimit)")
            }
            for _ in 0..<clients {
                devices.addTask { try await endpoint.persist(workload) }
            }
            var received = BrokerReceiver()
            for _ in 0..<clients {
                guard let device = try await devices.next() else { break }
                received.merge(device)
            }
            devices.cancelAll()
            return received.measurement(end: workload.now())
        }
    }
}
