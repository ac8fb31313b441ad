import ISCP
import Testing

@testable import Telemetry

/// The queue between an iSCP v2 connection's read loop and its handler.
@Suite("iSCP v2 request queue")
struct ISCP2RequestQueueTests {
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

    @Test("messages come out in order, and a queue that never runs empty does not keep what it handed out")
    func orderAndBoundedStorage() async {
        let queue = ISCP2RequestQueue(capacity: 4)
        for sent in 0..<3 { await queue.enqueue(message(sent)) }
        var received: [Int] = []
        for sent in 3..<200 {
            await queue.enqueue(message(sent))
            received.append(number(await queue.next()) ?? -1)
            #expect(await queue.storedMessageCount <= 8)
        }
        await queue.finish()
        while let next = await queue.next() { received.append(number(next) ?? -1) }
        #expect(received == Array(0..<200))
    }

    @Test("a full queue holds the read loop back until the handler takes a message")
    func fullQueueWaits() async {
        let queue = ISCP2RequestQueue(capacity: 2)
        await queue.enqueue(message(1))
        await queue.enqueue(message(2))
        let third = Task { await queue.enqueue(message(3)) }
        try? await Task.sleep(for: .milliseconds(100))
        #expect(await queue.storedMessageCount == 2)
        #expect(number(await queue.next()) == 1)
        await third.value
        #expect(number(await queue.next()) == 2)
        #expect(number(await queue.next()) == 3)
    }

    @Test("after finish, queued messages are still handed out, then nil; new ones are dropped")
    func finishDrains() async {
        let queue = ISCP2RequestQueue(capacity: 4)
        await queue.enqueue(message(1))
        await queue.finish()
        await queue.enqueue(message(2))
        #expect(number(await queue.next()) == 1)
        #expect(await queue.next() == nil)
    }
}
