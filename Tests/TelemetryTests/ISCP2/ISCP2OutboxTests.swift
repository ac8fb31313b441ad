import ChanceryTestSupport
import Testing

@testable import Telemetry

@Suite("iSCP v2 outbox")
struct ISCP2OutboxTests {
    @Test("urgent frames are written before queued bulk frames, each lane in order")
    func urgentFirst() async {
        let outbox = ISCP2Outbox(bulkLimit: 8)
        #expect(await outbox.enqueueBulk([1]))
        #expect(await outbox.enqueueBulk([2]))
        #expect(outbox.enqueueUrgent([10]))
        #expect(outbox.enqueueUrgent([11]))
        #expect(await outbox.nextFrames(limit: 3) == [[10], [11], [1]])
        #expect(await outbox.nextFrames(limit: 3) == [[2]])
    }

    @Test("a producer waits while the bulk lane is full, and goes on once the writer takes a frame")
    func bulkBackPressure() async {
        let outbox = ISCP2Outbox(bulkLimit: 2)
        #expect(await outbox.enqueueBulk([1]))
        #expect(await outbox.enqueueBulk([2]))
        let producer = Task { await outbox.enqueueBulk([3]) }
        #expect(await yieldUntil { outbox.waitingProducerCount == 1 })
        // The third frame is not queued yet: the writer sees the urgent one, then 1 and 2.
        #expect(outbox.enqueueUrgent([9]))
        #expect(await outbox.nextFrames(limit: 1) == [[9]])
        #expect(await outbox.nextFrames(limit: 1) == [[1]])
        #expect(await producer.value)
        #expect(await outbox.nextFrames(limit: 1) == [[2]])
        #expect(await outbox.nextFrames(limit: 1) == [[3]])
    }

    @Test("finishing releases waiting producers and ends the writer after the queued frames")
    func finish() async {
        let outbox = ISCP2Outbox(bulkLimit: 1)
        #expect(await outbox.enqueueBulk([1]))
        let producer = Task { await outbox.enqueueBulk([2]) }
        #expect(await yieldUntil { outbox.waitingProducerCount == 1 })
        outbox.finish()
        #expect(await producer.value == false)
        #expect(outbox.enqueueUrgent([3]) == false)
        #expect(await outbox.nextFrames(limit: 1) == [[1]])
        #expect(await outbox.nextFrames(limit: 1) == nil)
    }

    @Test("a writer waiting for frames is handed the first one queued")
    func waitingWriter() async {
        let outbox = ISCP2Outbox()
        let writer = Task { await outbox.nextFrames(limit: 4) }
        #expect(await yieldUntil { outbox.writerIsWaiting })
        #expect(await outbox.enqueueBulk([5]))
        #expect(await writer.value == [[5]])
    }

    @Test("a full urgent lane refuses frames: the peer stopped reading")
    func urgentLimit() async {
        let outbox = ISCP2Outbox(urgentLimit: 2)
        #expect(outbox.enqueueUrgent([1]))
        #expect(outbox.enqueueUrgent([2]))
        #expect(outbox.enqueueUrgent([3]) == false)
    }
}
