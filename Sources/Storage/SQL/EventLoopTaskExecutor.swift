import NIOCore

/// A task executor that runs the jobs of the tasks preferring it on one NIO event loop.
///
/// A task that waits for the answers of a connection bound to that event loop then resumes
/// on the thread that completes them, without a trip through the global executor's queue.
final class EventLoopTaskExecutor: TaskExecutor {
    /// Where the jobs run.
    let eventLoop: any EventLoop

    /// Creates an executor running jobs on `eventLoop`.
    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
