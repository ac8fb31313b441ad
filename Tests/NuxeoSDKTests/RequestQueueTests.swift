import Testing

@testable import NuxeoSDK

/// The session's request queues: how many requests run at once, and cancelling them.
struct RequestQueueTests {
    /// Counts the operations running at once, and the most there were.
    actor Gauge {
        private(set) var running = 0
        private(set) var most = 0

        func enter() {
            running += 1
            most = max(most, running)
        }

        func leave() {
            running -= 1
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
                        try await Task.sleep(for: .milliseconds(20))
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
                        while await gauge.most < 6 { try await Task.sleep(for: .milliseconds(5)) }
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
            while await gauge.running == 0 { try? await Task.sleep(for: .milliseconds(5)) }
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
                        while await gauge.most < 3 { try await Task.sleep(for: .milliseconds(5)) }
                    }
                }
            }
            while await gauge.running == 0 { try await Task.sleep(for: .milliseconds(5)) }
            queue.maxConcurrentCount = 3
            try await group.waitForAll()
        }
        #expect(queue.maxConcurrentCount == 3)
    }

    @Test func aCancelledCallerStopsWaiting() async throws {
        let semaphore = AsyncSemaphore(limit: 1)
        try await semaphore.acquire()
        let waiter = Task { try await semaphore.acquire() }
        try await Task.sleep(for: .milliseconds(20))
        waiter.cancel()
        let result = await waiter.result
        #expect(throws: CancellationError.self) { try result.get() }
        semaphore.release()
        try await semaphore.acquire()
        semaphore.release()
    }
}
