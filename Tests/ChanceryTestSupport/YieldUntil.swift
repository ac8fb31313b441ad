/// Lets other tasks run until `condition` holds, at most `maximumYields` times, and says whether
/// it came to hold: for a state another task reaches without any time passing (a producer
/// suspended on a full queue, a writer waiting for a frame), instead of sleeping for a guessed
/// time.
///
/// ```swift
/// let producer = Task { await outbox.enqueueBulk([3]) }
/// #expect(await yieldUntil { outbox.waitingProducerCount == 1 })
/// ```
public func yieldUntil(maximumYields: Int = 1_000_000, _ condition: () async -> Bool) async -> Bool {
    for _ in 0..<maximumYields {
        if await condition() { return true }
        await Task.yield()
    }
    return await condition()
}
