import Foundation

/// How an ``OutboxWorker`` works through its queue: how many attempts at once, how long a
/// claim lasts, how often it looks, and when failed jobs are retried or given up.
///
/// A job is attempted as soon as it is due; after a failed attempt it is tried again after
/// ``firstRetryDelay``, then after twice that, four times that, and so on up to
/// ``maximumRetryDelay`` between attempts, until ``retryPeriod`` has passed since it was
/// queued: a job whose next attempt would fall later is abandoned.
public struct OutboxPolicy: Sendable {
    /// The wait after the first failed attempt; each further failure doubles it.
    public var firstRetryDelay: Duration
    /// The longest wait between two attempts.
    public var maximumRetryDelay: Duration
    /// How long after a job was queued attempts go on.
    public var retryPeriod: Duration
    /// How many attempts run at once (at least 1).
    public var concurrentAttempts: Int
    /// How long a claimed job stays claimed: longer than an attempt can take, after which a
    /// job whose server died during the attempt is due again.
    public var lease: Duration
    /// How often the queue is checked without a wakeup, for jobs that other servers sharing
    /// the database queued.
    public var pollInterval: Duration

    /// A policy of the given values.
    public init(
        firstRetryDelay: Duration, maximumRetryDelay: Duration, retryPeriod: Duration, concurrentAttempts: Int, lease: Duration,
        pollInterval: Duration
    ) {
        self.firstRetryDelay = firstRetryDelay
        self.maximumRetryDelay = maximumRetryDelay
        self.retryPeriod = retryPeriod
        self.concurrentAttempts = concurrentAttempts
        self.lease = lease
        self.pollInterval = pollInterval
    }

    /// The wait after failed attempt number `attempt` (counted from 1).
    public func retryDelay(afterAttempt attempt: Int) -> Duration {
        var delay = firstRetryDelay
        for _ in 1..<max(1, attempt) {
            guard delay < maximumRetryDelay else { break }
            delay *= 2
        }
        return min(delay, maximumRetryDelay)
    }

    /// When a job queued at `createdAt` whose attempt number `attempt` failed at `time` is
    /// tried again, or `nil` when that would fall after its retry period: it is abandoned.
    public func nextAttempt(afterAttempt attempt: Int, failedAt time: Date, queuedAt createdAt: Date) -> Date? {
        let retryAt = time + retryDelay(afterAttempt: attempt).timeInterval
        return retryAt <= createdAt + retryPeriod.timeInterval ? retryAt : nil
    }
}
