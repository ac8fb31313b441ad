import Synchronization

/// The bytes waiting to be sent on one iSCP 1.0 connection, gathered into WebSocket messages
/// for the connection's one writer.
///
/// Everything the server sends goes through it: responses and section acks from the reader,
/// units from the downstream forwarders. ``nextMessage()`` waits for bytes, lets more gather
/// for ``flushInterval`` (as intdash-py's client does) unless ``flushBytes`` are already
/// waiting, and returns whole elements, up to ``maximumMessageBytes`` per message.
///
/// Memory is bounded: downstream units wait for room once ``dataLimit`` bytes are pending, so
/// a viewer that does not read holds back only its forwarders, whose broker subscriptions then
/// drop their oldest events; the reader that serves the same connection's upstreams never waits
/// for it. Responses and acks are always queued (they answer the client's own requests), and a
/// client that keeps asking without reading the answers is found ``isOverflowing``.
final class ISCP1OutboundQueue: Sendable {
    /// How long bytes gather before they are written.
    static let flushInterval: Duration = .milliseconds(10)
    /// The pending size at which bytes are written without waiting for the interval.
    static let flushBytes = 64 << 10
    /// The most bytes one message carries, unless a single entry is larger.
    static let maximumMessageBytes = 1 << 20

    /// The pending size beyond which downstream units wait for room.
    let dataLimit: Int

    private struct State {
        /// Encoded elements in sending order; each entry holds whole elements.
        var pending: [[UInt8]] = []
        var pendingBytes = 0
        var isFinished = false
        var writerWaiter: CheckedContinuation<Void, Never>?
        var roomWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private enum Admission {
        case admitted(wakingWriter: CheckedContinuation<Void, Never>?)
        case full
        case finished
    }

    private let state = Mutex(State())

    /// Creates an empty queue.
    init(dataLimit: Int = 8 << 20) {
        self.dataLimit = dataLimit
    }

    /// Whether more than twice ``dataLimit`` bytes are pending: only answers can push the queue
    /// that far, and only when the client stops reading them.
    var isOverflowing: Bool {
        state.withLock { $0.pendingBytes > 2 * dataLimit }
    }

    /// Queues responses or acks without waiting; dropped once the queue is finished.
    func enqueue(_ bytes: [UInt8]) {
        if case .admitted(let writer) = admit(bytes, evenWhenFull: true) { writer?.resume() }
    }

    /// Queues downstream units, first waiting while ``dataLimit`` bytes are pending. Returns
    /// `false`, dropping the bytes, when the queue is finished.
    func enqueueData(_ bytes: [UInt8]) async -> Bool {
        while true {
            switch admit(bytes, evenWhenFull: false) {
            case .admitted(let writer):
                writer?.resume()
                return true
            case .finished:
                return false
            case .full:
                await waitForRoom()
                if Task.isCancelled { return false }
            }
        }
    }

    /// The next message to write, after waiting for bytes and letting more gather; `nil` once
    /// the queue is finished and everything pending was handed out.
    func nextMessage() async -> [UInt8]? {
        await waitForPending()
        let (isFinished, pendingBytes) = state.withLock { ($0.isFinished, $0.pendingBytes) }
        if pendingBytes == 0 { return nil }
        if !isFinished, pendingBytes < Self.flushBytes {
            try? await Task.sleep(for: Self.flushInterval)
        }
        return take()
    }

    /// Ends the queue: what is pending is still handed out, new bytes are dropped, and
    /// forwarders waiting for room give up.
    func finish() {
        let waiters = state.withLock { state -> [CheckedContinuation<Void, Never>] in
            state.isFinished = true
            defer {
                state.writerWaiter = nil
                state.roomWaiters = []
            }
            return state.roomWaiters + (state.writerWaiter.map { [$0] } ?? [])
        }
        for waiter in waiters { waiter.resume() }
    }

    private func admit(_ bytes: [UInt8], evenWhenFull: Bool) -> Admission {
        state.withLock { state in
            if state.isFinished { return .finished }
            if !evenWhenFull, state.pendingBytes >= dataLimit { return .full }
            if bytes.isEmpty { return .admitted(wakingWriter: nil) }
            state.pending.append(bytes)
            state.pendingBytes += bytes.count
            defer { state.writerWaiter = nil }
            return .admitted(wakingWriter: state.writerWaiter)
        }
    }

    private func waitForRoom() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.isFinished || state.pendingBytes < dataLimit { return true }
                state.roomWaiters.append(continuation)
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Returns once bytes are pending or the queue is finished. There is one writer, so at
    /// most one waits here.
    private func waitForPending() async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state -> Bool in
                if state.isFinished || state.pendingBytes > 0 { return true }
                state.writerWaiter = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }

    /// Removes whole entries from the front, up to ``maximumMessageBytes`` (at least one entry),
    /// and wakes the forwarders when that made room.
    private func take() -> [UInt8] {
        let (message, waiters) = state.withLock { state -> ([UInt8], [CheckedContinuation<Void, Never>]) in
            var message: [UInt8] = []
            var taken = 0
            while taken < state.pending.count {
                let entry = state.pending[taken]
                if !message.isEmpty, message.count + entry.count > Self.maximumMessageBytes { break }
                message += entry
                taken += 1
            }
            state.pending.removeFirst(taken)
            state.pendingBytes -= message.count
            guard state.pendingBytes < dataLimit else { return (message, []) }
            defer { state.roomWaiters = [] }
            return (message, state.roomWaiters)
        }
        for waiter in waiters { waiter.resume() }
        return message
    }
}
