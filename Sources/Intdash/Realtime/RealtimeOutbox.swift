import Locking

/// What a realtime connection is to send, gathered between two writes: bytes appended while
/// a write is under way leave together in the next WebSocket message, so many small units
/// make few messages. Each append holds whole iSCP 1.0 elements, so a message never splits one.
///
/// An outbox that does not gather (iSCP v2, one protocol buffers message per WebSocket
/// message) hands out each append as its own message.
final class RealtimeOutbox: Sendable {
    /// The pending bytes, and the writer waiting for them.
    private struct State: Sendable {
        var chunks: [[UInt8]] = []
        var waiter: CheckedContinuation<[UInt8]?, Never>?
        var isFinished = false
    }

    /// The most bytes one message gathers, unless a single append is larger.
    static let messageLimit = 1 << 20

    private let state = LockedValue(State())
    /// Whether pending appends leave together in one message.
    private let gathers: Bool

    /// Creates an outbox that gathers appends into messages, or not.
    init(gathers: Bool = true) {
        self.gathers = gathers
    }

    /// Queues `bytes`; `false` once the outbox is finished.
    @discardableResult
    func append(_ bytes: [UInt8]) -> Bool {
        guard !bytes.isEmpty else { return true }
        let waiter: CheckedContinuation<[UInt8]?, Never>? = state.withLock { state in
            guard !state.isFinished else { return nil }
            if let waiter = state.waiter {
                state.waiter = nil
                return waiter
            }
            state.chunks.append(bytes)
            return nil
        }
        if let waiter {
            waiter.resume(returning: bytes)
            return true
        }
        return state.withLock { !$0.isFinished }
    }

    /// The next message: the pending chunks, up to ``messageLimit``; waits while there are
    /// none, and returns `nil` once the outbox is finished and empty.
    func next() async -> [UInt8]? {
        await withCheckedContinuation { (continuation: CheckedContinuation<[UInt8]?, Never>) in
            let message: [UInt8]?? = state.withLock { state in
                if state.chunks.isEmpty {
                    if state.isFinished { return .some(nil) }
                    state.waiter = continuation
                    return nil
                }
                var message: [UInt8] = []
                var taken = 0
                for chunk in state.chunks {
                    if taken > 0, !gathers || message.count + chunk.count > Self.messageLimit { break }
                    message += chunk
                    taken += 1
                }
                state.chunks.removeFirst(taken)
                return .some(message)
            }
            if let message { continuation.resume(returning: message) }
        }
    }

    /// Ends the outbox: pending chunks are still handed out, then ``next()`` returns `nil`.
    func finish() {
        let waiter = state.withLock { state -> CheckedContinuation<[UInt8]?, Never>? in
            state.isFinished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }
}
