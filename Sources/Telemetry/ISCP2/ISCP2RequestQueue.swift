import ISCP

/// The messages a connection's read loop has read and its handler has not handled yet, first in,
/// first out, at most `capacity` of them.
///
/// It lets the read loop keep reading (and answering pings) while the handler waits for storage:
/// a slow disk delays acknowledgements, not pongs. When the queue is full the read loop waits,
/// which holds the peer back through TCP instead of growing the server's memory.
actor ISCP2RequestQueue {
    private var messages: [ISCP2Request] = []
    private var head = 0
    private let capacity: Int
    private var isFinished = false
    /// The handler, waiting for a message.
    private var consumer: CheckedContinuation<ISCP2Request?, Never>?
    /// The read loop, waiting for room.
    private var producers: [CheckedContinuation<Void, Never>] = []

    /// How many messages the queue's storage holds, handed out or not (at most twice its
    /// capacity).
    var storedMessageCount: Int { messages.count }

    /// An empty queue that holds at most `capacity` messages.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
    }

    /// Adds `message` at the end, first waiting for room while the queue is full. After
    /// ``finish()`` the message is dropped.
    func enqueue(_ message: ISCP2Request) async {
        while messages.count - head >= capacity, !isFinished {
            await withCheckedContinuation { producers.append($0) }
        }
        guard !isFinished else { return }
        if let consumer {
            self.consumer = nil
            consumer.resume(returning: message)
        } else {
            messages.append(message)
        }
    }

    /// The oldest message, waiting for one when the queue is empty; `nil` once the queue is
    /// finished and empty.
    func next() async -> ISCP2Request? {
        if head < messages.count {
            let message = messages[head]
            head += 1
            // Drops the handed-out prefix once it is as long as the queue may be, so that a
            // queue that never runs empty does not keep every message it ever held.
            if head == messages.count {
                messages.removeAll(keepingCapacity: true)
                head = 0
            } else if head >= capacity {
                messages.removeFirst(head)
                head = 0
            }
            if !producers.isEmpty { producers.removeFirst().resume() }
            return message
        }
        if isFinished { return nil }
        return await withCheckedContinuation { consumer = $0 }
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
