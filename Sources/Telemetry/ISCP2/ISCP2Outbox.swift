import Synchronization

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
///
/// The outbox is a lock around its lanes rather than an actor: queuing a frame while there is
/// room, and taking frames while there are some, are plain calls on the caller's executor. Only
/// a full bulk lane and an empty outbox make a task wait. Continuations are resumed outside
/// the lock.
final class ISCP2Outbox: Sendable {
    /// How many bulk frames may wait before producers are made to wait.
    let bulkLimit: Int
    /// How many urgent frames may wait before the peer is considered to have stopped reading.
    let urgentLimit: Int

    private struct Lanes {
        var urgent = ISCP2FrameQueue()
        var bulk = ISCP2FrameQueue()
        var isFinished = false
        /// The writer, when it waits for a frame.
        var waitingWriter: CheckedContinuation<[[UInt8]]?, Never>?
        /// Producers waiting for room in the bulk lane, oldest first.
        var waitingProducers: [CheckedContinuation<Void, Never>] = []

        /// The waiting writer, no longer waiting: the caller resumes it outside the lock.
        mutating func takeWaitingWriter() -> CheckedContinuation<[[UInt8]]?, Never>? {
            defer { waitingWriter = nil }
            return waitingWriter
        }
    }

    /// What the writer finds when it looks for frames.
    private enum Taken {
        case frames([[UInt8]])
        case finished
        case nothing
    }

    private let lanes = Mutex(Lanes())

    /// How many producers wait for room in the bulk lane.
    var waitingProducerCount: Int { lanes.withLock { $0.waitingProducers.count } }

    /// Whether the writer waits for a frame.
    var writerIsWaiting: Bool { lanes.withLock { $0.waitingWriter != nil } }

    /// Creates an empty outbox.
    init(bulkLimit: Int = 256, urgentLimit: Int = 65_536) {
        self.bulkLimit = bulkLimit
        self.urgentLimit = urgentLimit
    }

    /// Queues a frame ahead of every bulk frame. Returns `false` when the outbox is finished or
    /// the urgent lane is full (the peer has stopped reading).
    @discardableResult
    func enqueueUrgent(_ frame: [UInt8]) -> Bool {
        let (accepted, writer) = lanes.withLock { lanes -> (Bool, CheckedContinuation<[[UInt8]]?, Never>?) in
            guard !lanes.isFinished, lanes.urgent.count < urgentLimit else { return (false, nil) }
            if let writer = lanes.takeWaitingWriter() { return (true, writer) }
            lanes.urgent.append(frame)
            return (true, nil)
        }
        writer?.resume(returning: [frame])
        return accepted
    }

    /// Queues a frame behind the urgent ones, waiting while the bulk lane is full. Returns
    /// `false` when the outbox is (or becomes) finished.
    @discardableResult
    nonisolated(nonsending) func enqueueBulk(_ frame: [UInt8]) async -> Bool {
        while true {
            let (outcome, writer) = lanes.withLock { lanes -> (Bool?, CheckedContinuation<[[UInt8]]?, Never>?) in
                if lanes.isFinished { return (false, nil) }
                if lanes.bulk.count >= bulkLimit { return (nil, nil) }
                if let writer = lanes.takeWaitingWriter() { return (true, writer) }
                lanes.bulk.append(frame)
                return (true, nil)
            }
            writer?.resume(returning: [frame])
            if let outcome { return outcome }
            await withCheckedContinuation { (producer: CheckedContinuation<Void, Never>) in
                let mayGoOn = lanes.withLock { lanes in
                    if lanes.isFinished || lanes.bulk.count < bulkLimit { return true }
                    lanes.waitingProducers.append(producer)
                    return false
                }
                if mayGoOn { producer.resume() }
            }
        }
    }

    /// The next frames to write, at most `limit` of them, urgent ones first, each lane in
    /// order; waits while both lanes are empty. Returns `nil` once the outbox is finished and
    /// empty.
    ///
    /// The writer takes what has piled up while it wrote in one call; `limit` bounds how long
    /// an urgent frame that comes meanwhile waits behind bulk ones.
    nonisolated(nonsending) func nextFrames(limit: Int) async -> [[UInt8]]? {
        switch take(limit: limit, registering: nil) {
        case .frames(let frames): return frames
        case .finished: return nil
        case .nothing: break
        }
        return await withCheckedContinuation { (writer: CheckedContinuation<[[UInt8]]?, Never>) in
            switch take(limit: limit, registering: writer) {
            case .frames(let frames): writer.resume(returning: frames)
            case .finished: writer.resume(returning: nil)
            case .nothing: break
            }
        }
    }

    /// Takes up to `limit` frames, urgent ones first, and wakes a waiting producer for each bulk
    /// frame taken. When there is nothing to take, `writer` (if given) is registered to be
    /// handed the next frame queued.
    private func take(limit: Int, registering writer: CheckedContinuation<[[UInt8]]?, Never>?) -> Taken {
        let (taken, producers) = lanes.withLock { lanes -> (Taken, [CheckedContinuation<Void, Never>]) in
            var frames: [[UInt8]] = []
            var producers: [CheckedContinuation<Void, Never>] = []
            while frames.count < limit, let frame = lanes.urgent.popFirst() { frames.append(frame) }
            while frames.count < limit, let frame = lanes.bulk.popFirst() {
                frames.append(frame)
                if !lanes.waitingProducers.isEmpty { producers.append(lanes.waitingProducers.removeFirst()) }
            }
            if !frames.isEmpty { return (.frames(frames), producers) }
            if lanes.isFinished { return (.finished, []) }
            if let writer { lanes.waitingWriter = writer }
            return (.nothing, [])
        }
        for producer in producers { producer.resume() }
        return taken
    }

    /// Accepts no more frames; those already queued are still handed to the writer. Waiting
    /// producers are released (their frames are not queued).
    func finish() {
        let (producers, writer) = lanes.withLock { lanes in
            lanes.isFinished = true
            defer { lanes.waitingProducers = [] }
            return (lanes.waitingProducers, lanes.takeWaitingWriter())
        }
        for producer in producers { producer.resume() }
        writer?.resume(returning: nil)
    }
}
