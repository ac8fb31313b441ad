import ChanceryTestSupport
import Testing

@testable import NuxeoSDK

/// The session's request queues: how many requests run at once, and cancelling them.
struct RequestQueueTests {
    /// Counts the operations running at once, and the most there were.
    actor Gauge {
        private(set) var running = 0
        private(set) var most = 0
        /// Tasks waiting for `most` to reach their count.
        private var watchers: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        func enter() {
            running += 1
            most = max(most, running)
            let reached = watchers.filter { $0.count <= most }
            watchers.removeAll { $0.count <= most }
            for watcher in reached { watcher.continuation.resume() }
        }

        func leave() {
            running -= 1
        }

        /// Returns once `count` operations have run at the same time.
        func waitForMost(_ count: Int) async {
            guard most < count else { return }
            await withCheckedContinuation { watchers.append((count, $0)) }
        }
    }

    @Test func runsAtMostTheLimitAtOnce() async throws {
        let queue = RequestQueue(maxConcurrentCount: 2)
        let gauge = Gauge()
        try await withThrowingTaskGroup(of: Int.self) { group in
            for index in 0..<8 {
                group.addTask {
                    try await queue.run {
                        await gauge.enter()
                        // Each waits until two ran at once; a third running beside them would show.
                        await gauge.waitForMost(2)
                        await gauge.leave()
                        return index
                    }
                }
            }
            var results: [Int] = []
            for try await result in group { results.append(result) }
            #expect(results.sorted() == Array(0..<8))
        }
        #expect(await gauge.most == 2)
        #expect(await gauge.running == 0)
    }

    @Test func noLimit() async throws {
        let queue = RequestQueue(maxConcurrentCount: 0)
        let gauge = Gauge()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    try await queue.run {
                        await gauge.enter()
                        await gauge.waitForMost(6)
                        await gauge.leave()
                    }
                }
            }
            try await group.waitForAll()
        }
        #expect(await gauge.most == 6)
    }

    @Test func cancelAllStopsRunningAndWaitingOperations() async throws {
        let queue = RequestQueue(maxConcurrentCount: 1)
        let gauge = Gauge()
        let outcomes = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    do {
                        try await queue.run {
                            await gauge.enter()
                            try await Task.sleep(for: .seconds(60))
                        }
                        return false
                    } catch {
                        return error is CancellationError
                    }
                }
            }
            await gauge.waitForMost(1)
            queue.cancelAll()
            var outcomes: [Bool] = []
            for await outcome in group { outcomes.append(outcome) }
            return outcomes
        }
        #expect(outcomes == [true, true, true])
        #expect(await gauge.most == 1, "the waiting operations never started")
    }

    @Test func raisingTheLimitLetsWaitingOperationsGo() async throws {
        let queue = RequestQueue(maxConcurrentCount: 1)
        let gauge = Gauge()
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<3 {
                group.addTask {
                    try await queue.run {
                        await gauge.enter()
                        await gauge.waitForMost(3)
                    }
                }
            }
            await gauge.waitForMost(1)
            queue.maxConcurrentCount = 3
            try await group.waitForAll()
        }
        #expect(queue.maxConcurrentCount == 3)
    }

    @Test func aCancelledCallerStopsWaiting() async throws {
        let semaphore = AsyncSemaphore(limit: 1)
        try await semaphore.acquire()
        let waiter = Task { try await semaphore.acquire() }
        #expect(await yieldUntil { semaphore.waitingCount == 1 })
        waiter.cancel()
        let result = await waiter.result
        #expect(throws: CancellationError.self) { try result.get() }
        semaphore.release()
        try await semaphore.acquire()
        semaphore.release()
    }
}
