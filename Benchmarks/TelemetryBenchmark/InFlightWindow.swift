/// Bounds the batches sent and not yet received, as a reliable client bounds its unacknowledged
/// chunks, so that a benchmark measures the broker's pace rather than the size of its queues.
actor InFlightWindow {
    private let limit: Int
    private var inFlight = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A window of `limit` batches.
    init(limit: Int) {
        self.limit = limit
    }

    /// Waits for room, then takes it.
    func acquire() async {
        while inFlight >= limit {
            await withCheckedContinuation { waiters.append($0) }
        }
        inFlight += 1
    }

    /// Gives back the room of one received batch.
    func release() {
        inFlight -= 1
        if !waiters.isEmpty { waiters.removeFirst().resume() }
    }
}
