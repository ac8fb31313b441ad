import ISCP

/// The messages a connection's read loop has read and its handler has not taken yet, first in,
/// first out, at most `capacity` of them.
///
/// It lets the read loop keep reading (and answering pings) while the handler waits for storage:
/// a slow disk delays acknowledgements, not pongs. When the queue is full the read loop waits,
/// which holds the peer back through TCP instead of growing the server's memory.
///
/// The handler takes everything queued at once (``nextBatch(isolation:)``): one wake-up for a
/// run of messages read back to back, and a batch's end tells the handler that it has caught up
/// with its peer, which is when it sends the acknowledgements it gathered.
///
/// The queue is not an actor: it belongs to its connection, whose read loop and handler both
/// run isolated to the connection's actor and pass that isolation on, so queuing a message is a
/// plain call rather than a hop to another actor and back.
final class ISCP2RequestQueue {
    private var messages: [ISCP2Request] = []
    private let capacity: Int
    private var isFinished = false
    /// The handler, waiting for messages.
    private var consumer: CheckedContinuation<[ISCP2Request]?, Never>?
    /// The read loop, waiting for room.
    private var producers: [CheckedContinuation<Void, Never>] = []

    /// How many messages wait to be taken.
    var count: Int { messages.count }

    /// How many enqueues wait for room.
    var waitingProducerCount: Int { producers.count }

    /// Whether the handler waits for a message.
    var handlerIsWaiting: Bool { consumer != nil }

    /// An empty queue that holds at most `capacity` messages.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Adds `message` at the end, first waiting for room while the queue is full. After
    /// ``finish()`` the message is dropped.
    func enqueue(_ message: ISCP2Request, isolation: isolated (any Actor)? = #isolation) async {
        while messages.count >= capacity, !isFinished {
            await withCheckedContinuation(isolation: isolation) { producers.append($0) }
        }
        guard !isFinished else { return }
        if let consumer {
            self.consumer = nil
            consumer.resume(returning: [message])
        } else {
            messages.append(message)
        }
    }

    /// Every queued message, oldest first, waiting for one when the queue is empty; `nil` once
    /// the queue is finished and empty.
    func nextBatch(isolation: isolated (any Actor)? = #isolation) async -> [ISCP2Request]? {
        if !messages.isEmpty {
            defer {
                messages = []
                for producer in producers { producer.resume() }
                producers = []
            }
            return messages
        }
        if isFinished { return nil }
        return await withCheckedContinuation(isolation: isolation) { consumer = $0 }
    }

    /// Takes no more messages; those queued are still handed out, then `nil`.
    func finish() {
        isFinished = true
        consumer?.resume(returning: nil)
        consumer = nil
        for producer in producers { producer.resume() }
        producers = []
    }
}
