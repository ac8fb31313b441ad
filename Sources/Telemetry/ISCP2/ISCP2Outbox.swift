/// The frames one iSCP v2 connection is waiting to write, in two lanes, drained by the
/// connection's one writer task.
///
/// The *urgent* lane holds what a peer waits on with a deadline: pongs (the Python client
/// closes after one second without one), responses, acks. The *bulk* lane holds what the
/// server pushes on its own: downstream chunks, downstream metadata, calls. The writer always
/// takes an urgent frame first, so a pong is never stuck behind megabytes of chunks.
///
/// The bulk lane is bounded: a producer (a downstream pump) waits in ``enqueueBulk(_:)`` while
/// it is full, and the broker then drops that downstream's oldest events instead of letting
/// memory grow. The urgent lane only grows with what the peer itself asks for, so it is
/// bounded by ``urgentLimit`` as a safety net: a peer that keeps asking without reading makes
/// ``enqueueUrgent(_:)`` return `false`, and the connection gives up on it.
actor ISCP2Outbox {
    /// How many bulk frames may wait before producers are made to wait.
    let bulkLimit: Int
    /// How many urgent frames may wait before the peer is considered to have stopped reading.
    let urgentLimit: Int

    private var urgent = ISCP2FrameQueue()
    private var bulk = ISCP2FrameQueue()
    private var isFinished = false
    /// The writer, when it waits for a frame.
    private var waitingWriter: CheckedContinuation<[UInt8]?, Never>?
    /// Producers waiting for room in the bulk lane, oldest first.
    private var waitingProducers: [CheckedContinuation<Void, Never>] = []

    /// Creates an empty outbox.
    init(bulkLimit: Int = 256, urgentLimit: Int = 65_536) {
        self.bulkLimit = bulkLimit
        self.urgentLimit = urgentLimit
    }

    /// Queues a frame ahead of every bulk frame. Returns `false` when the outbox is finished or
    /// the urgent lane is full (the peer has stopped reading).
    @discardableResult
    func enqueueUrgent(_ frame: [UInt8]) -> Bool {
        guard !isFinished, urgent.count < urgentLimit else { return false }
        if let writer = takeWaitingWriter() {
            writer.resume(returning: frame)
        } else {
            urgent.append(frame)
        }
        return true
    }

    /// Queues a frame behind the urgent ones, waiting while the bulk lane is full. Returns
    /// `false` when the outbox is (or becomes) finished.
    @discardableResult
    func enqueueBulk(_ frame: [UInt8]) async -> Bool {
        while !isFinished, bulk.count >= bulkLimit {
            await withCheckedContinuation { waitingProducers.append($0) }
        }
        guard !isFinished else { return false }
        if let writer = takeWaitingWriter() {
            writer.resume(returning: frame)
        } else {
            bulk.append(frame)
        }
        return true
    }

    /// The next frames to write, at most `limit` of them, urgent ones first, each lane in
    /// order; waits while both lanes are empty. Returns `nil` once the outbox is finished and
    /// empty.
    ///
    /// The writer takes what has piled up while it wrote in one call; `limit` bounds how long
    /// an urgent frame that comes meanwhile waits behind bulk ones.
    func nextFrames(limit: Int) async -> [[UInt8]]? {
        var frames: [[UInt8]] = []
        while frames.count < limit, let frame = urgent.popFirst() { frames.append(frame) }
        while frames.count < limit, let frame = bulk.popFirst() {
            frames.append(frame)
            if !waitingProducers.isEmpty { waitingProducers.removeFirst().resume() }
        }
        if !frames.isEmpty { return frames }
        if isFinished { return nil }
        return await withCheckedContinuation { waitingWriter = $0 }.map { [$0] }
    }

    /// Accepts no more frames; those already queued are still handed to the writer. Waiting
    /// producers are released (their frames are not queued).
    func finish() {
        isFinished = true
        for producer in waitingProducers { producer.resume() }
        waitingProducers.removeAll()
        takeWaitingWriter()?.resume(returning: nil)
    }

    private func takeWaitingWriter() -> CheckedContinuation<[UInt8]?, Never>? {
        defer { waitingWriter = nil }
        return waitingWriter
    }
}
