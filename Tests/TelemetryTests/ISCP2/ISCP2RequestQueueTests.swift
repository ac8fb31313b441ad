import ChanceryTestSupport
import ISCP
import Testing

@testable import Telemetry

/// The queue between an iSCP v2 connection's read loop and its handler.
@Suite("iSCP v2 request queue")
struct ISCP2RequestQueueTests {
    /// Owns a queue the way a connection does: every use is isolated to one actor, while the
    /// read loop and the handler are separate tasks.
    private actor Owner {
        let queue: ISCP2RequestQueue
        init(capacity: Int) { queue = ISCP2RequestQueue(capacity: capacity) }
        func enqueue(_ request: ISCP2Request) async { await queue.enqueue(request) }
        func nextBatch() async -> [ISCP2Request]? { await queue.nextBatch() }
        func finish() { queue.finish() }
        var count: Int { queue.count }
        var waitingProducerCount: Int { queue.waitingProducerCount }
        var handlerIsWaiting: Bool { queue.handlerIsWaiting }
    }

    /// A ping whose request id tells messages apart.
    private func message(_ number: Int) -> ISCP2Request {
        var ping = ISCP2Ping()
        ping.requestID = UInt32(number)
        var message = ISCP2Message()
        message.ping = ping
        return .message(message)
    }

    private func number(_ request: ISCP2Request?) -> Int? {
        guard case .message(let message)? = request, case .ping(let ping) = message.message else { return nil }
        return Int(ping.requestID)
    }

    @Test("a batch holds every queued message in order, and taking it empties the queue")
    func batchesInOrder() async {
        let queue = Owner(capacity: 4)
        var received: [Int] = []
        for sent in stride(from: 0, to: 200, by: 3) {
            for number in sent..<min(sent + 3, 200) { await queue.enqueue(message(number)) }
            let batch = await queue.nextBatch() ?? []
            #expect(batch.count == min(3, 200 - sent))
            received += batch.map { number($0) ?? -1 }
            #expect(await queue.count == 0)
        }
        #expect(received == Array(0..<200))
    }

    @Test("a waiting handler is handed the first message read")
    func waitingHandler() async {
        let queue = Owner(capacity: 4)
        let handler = Task { await queue.nextBatch() }
        #expect(await yieldUntil { await queue.handlerIsWaiting })
        await queue.enqueue(message(7))
        #expect(await handler.value?.map { number($0) } == [7])
    }

    @Test("a full queue holds the read loop back until the handler takes its messages")
    func fullQueueWaits() async {
        let queue = Owner(capacity: 2)
        await queue.enqueue(message(1))
        await queue.enqueue(message(2))
        let third = Task { await queue.enqueue(message(3)) }
        #expect(await yieldUntil { await queue.waitingProducerCount == 1 })
        #expect(await queue.count == 2)
        #expect(await queue.nextBatch()?.map { number($0) } == [1, 2])
        await third.value
        #expect(await queue.nextBatch()?.map { number($0) } == [3])
    }

    @Test("after finish, queued messages are still handed out, then nil; new ones are dropped")
    func finishDrains() async {
        let queue = Owner(capacity: 4)
        await queue.enqueue(message(1))
        await queue.finish()
        await queue.enqueue(message(2))
        #expect(await queue.nextBatch()?.map { number($0) } == [1])
        #expect(await queue.nextBatch() == nil)
    }
}
