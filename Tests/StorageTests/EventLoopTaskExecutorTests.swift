import NIOCore
import NIOPosix
import Storage
import Testing

@Suite("Event loop task executor")
struct EventLoopTaskExecutorTests {
    /// An actor with nothing of its own to run on, as the connections and streams are.
    private actor Counter {
        var count = 0
        func increment(on eventLoop: any EventLoop) -> Bool {
            count += 1
            return eventLoop.inEventLoop
        }
    }

    @Test("a task preferring the executor runs on its event loop, and so do the actors it calls and its child tasks")
    func preferenceRunsOnTheLoop() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let eventLoop = group.next()
        let executor = EventLoopTaskExecutor(eventLoop)
        let counter = Counter()
        let (onLoop, actorOnLoop, childOnLoop) = await withTaskExecutorPreference(executor) {
            let onLoop = eventLoop.inEventLoop
            let actorOnLoop = await counter.increment(on: eventLoop)
            async let child = eventLoop.inEventLoop
            return (onLoop, actorOnLoop, await child)
        }
        #expect(onLoop && actorOnLoop && childOnLoop)
        let unstructured = await Task(executorPreference: executor) { eventLoop.inEventLoop }.value
        #expect(unstructured)
        let elsewhere = await Task.detached { eventLoop.inEventLoop }.value
        #expect(!elsewhere)
        #expect(await counter.count == 1)
        try await group.shutdownGracefully()
    }
}
