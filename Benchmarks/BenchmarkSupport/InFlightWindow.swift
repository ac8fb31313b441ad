/// Bounds the batches sent and not yet received, as a reliable client bounds its unacknowledged
/// chunks, so that a benchmark measures the broker's pace rather than the size of its queues.
public actor InFlightWindow {
    private let limit: Int
    private var inFlight = 0
    private var isClosed = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    /// A window of `limit` batches.
    public init(limit: Int) {
        self.limit = limit
    }

    /// Waits for room, then takes it; once the window is closed, returns at once.
    public func acquire() async {
        while inFlight >= limit, !isClosed {
            await withCheckedContinuation { waiters.append($0) }
        }
        inFlight += 1
    }

    /// Gives back the room of one received batch.
    public func release() {
        inFlight -= 1
        if !waiters.isEmpty { waiters.removeFirst().resume() }
    }

    /// Lets every waiting and later sender through, for a connection that ended before its
    /// batches were received, so that its sender does not wait for room that never comes.
    public func close() {
        isClosed = true
        let waiting = waiters
        waiters = []
        for waiter in waiting { waiter.resume() }
    }
}
