import NIOCore

/// Runs the jobs of the tasks that prefer it on one NIO event loop.
///
/// A WebSocket's frames arrive on its channel's event loop, and the frames it sends are written
/// there. A task that reads and answers them on the cooperative pool hands every frame from
/// one thread to another (a futex wake each way); preferring the channel's event loop
/// (`withTaskExecutorPreference`) keeps a connection's work where its I/O already is, so that
/// handing a frame over is a call on the same thread.
///
/// Work that blocks (file I/O, `fsync`) must not run here: it would stall every channel of the
/// loop. Such work goes to a thread pool. The loop must outlive the tasks that prefer it: NIO
/// drops what is scheduled on a loop that has shut down (the server's loops are NIO's shared
/// ones, which never do).
///
/// ```swift
/// try await withTaskExecutorPreference(EventLoopTaskExecutor(channel.eventLoop)) {
///     try await connection.run()
/// }
/// ```
final class EventLoopTaskExecutor: TaskExecutor {
    /// The loop the jobs run on.
    let eventLoop: any EventLoop

    /// Creates an executor that runs jobs on `eventLoop`.
    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    /// Schedules `job` on the event loop.
    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        eventLoop.execute { job.runSynchronously(on: executor) }
    }
}
