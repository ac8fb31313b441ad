import Foundation
import Locking

/// The requests of a session that may run at once, and a way to cancel them all: what an
/// `NSOperationQueue` was to the Objective-C SDK.
///
/// A request waits for its turn when ``maxConcurrentCount`` requests already run; both the
/// waiting and the running ones are cancelled by ``cancelAll()``.
final class RequestQueue: Sendable {
    private let semaphore: AsyncSemaphore
    private let cancellations = LockedValue<[UUID: @Sendable () -> Void]>([:])

    /// A queue that runs at most `maxConcurrentCount` requests at once; `0` or less means no
    /// limit.
    init(maxConcurrentCount: Int) {
        semaphore = AsyncSemaphore(limit: maxConcurrentCount)
    }

    /// How many requests may run at once; `0` or less means no limit.
    var maxConcurrentCount: Int {
        get { semaphore.limit }
        set { semaphore.limit = newValue }
    }

    /// Runs `operation` when its turn comes, and returns its result.
    ///
    /// - Throws: The error of `operation`, or `CancellationError` if the queue or the calling
    ///   task was cancelled before the operation started.
    func run<Result: Sendable>(_ operation: @escaping @Sendable () async throws -> Result) async throws -> Result {
        let semaphore = semaphore
        let task = Task {
            try await semaphore.acquire()
            defer { semaphore.release() }
            try Task.checkCancellation()
            return try await operation()
        }
        let id = UUID()
        cancellations.withLock { $0[id] = { task.cancel() } }
        defer { cancellations.withLock { _ = $0.removeValue(forKey: id) } }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// Cancels every request of the queue, running or waiting.
    func cancelAll() {
        let cancellations = cancellations.withLock { Array($0.values) }
        for cancel in cancellations { cancel() }
    }
}
