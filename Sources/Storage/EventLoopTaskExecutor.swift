import NIOCore

/// Runs the jobs of the tasks that prefer it on one NIO event loop.
///
/// A task that waits on a channel or connection bound to an event loop, but runs on the
/// cooperative pool, hands everything it waits for from one thread to another (a futex wake
/// each way). Preferring that event loop (`withTaskExecutorPreference`) keeps the task's work
/// where the I/O already is, so that what completes there resumes the task on the same thread:
/// a WebSocket's frames (they arrive on the channel's event loop and are written there), or the
/// answers of SQLite's writer to the group commit's worker (``CommitGroup``).
///
/// Work that blocks (file I/O, `fsync`) must not run here: it would stall every channel of the
/// loop. Such work goes to a thread pool. The loop must outlive the tasks that prefer it: NIO
/// drops what is scheduled on a loop that has shut down (the server's loops are NIO's shared
/// ones, which never do; SQLite's writer has a loop of its own, which its database shuts down
/// last, after the connections).
///
/// ```swift
/// try await withTaskExecutorPreference(EventLoopTaskExecutor(channel.eventLoop)) {
///     try await connection.run()
/// }
/// ```
public final class EventLoopTaskExecutor: TaskExecutor {
    /// The loop the jobs run on.
    public let eventLoop: any EventLoop

    /// Creates an executor that runs jobs on `eventLoop`.
    public init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    /// Schedules `job` on the event loop.
    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        eventLoop.execute { job.runSynchronously(on: executor) }
    }
}
