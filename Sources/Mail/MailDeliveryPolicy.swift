import Storage

/// How queued mail is sent: how many messages at once, and when failed attempts are retried.
///
/// A message is sent at once; when the SMTP server fails for a reason that may pass (a 4xx
/// reply, a network failure, a timeout) it is tried again after ``firstRetryDelay``, then
/// after twice that, four times that, and so on up to ``maximumRetryDelay`` between attempts,
/// until ``retryPeriod`` has passed since it was queued. A permanent refusal (a 5xx reply, a
/// configuration that cannot work) ends its attempts at once. With the defaults: after 1, 2,
/// 4, … minutes, at most an hour apart, for 24 hours.
public struct MailDeliveryPolicy: Sendable {
    /// The wait after the first failed attempt; each further failure doubles it.
    public var firstRetryDelay: Duration
    /// The longest wait between two attempts.
    public var maximumRetryDelay: Duration
    /// How long after a message was queued attempts go on; a message whose next attempt would
    /// fall later is abandoned, its last error kept.
    public var retryPeriod: Duration
    /// How many messages are sent at once (at least 1).
    public var concurrentSends: Int
    /// How long a claimed message stays claimed: longer than an SMTP session can take (each
    /// reply may take minutes). After it, a message whose server died during the session is
    /// due again; if that session had in fact delivered it, it arrives twice.
    public var lease: Duration
    /// How often the queue is checked without a wakeup, for messages that other servers
    /// sharing the database queued.
    public var pollInterval: Duration

    /// Creates a policy; every value has the default of ``standard``.
    public init(
        firstRetryDelay: Duration = .seconds(60),
        maximumRetryDelay: Duration = .seconds(3600),
        retryPeriod: Duration = .seconds(24 * 3600),
        concurrentSends: Int = 4,
        lease: Duration = .seconds(30 * 60),
        pollInterval: Duration = .seconds(30)
    ) {
        self.firstRetryDelay = firstRetryDelay
        self.maximumRetryDelay = maximumRetryDelay
        self.retryPeriod = retryPeriod
        self.concurrentSends = concurrentSends
        self.lease = lease
        self.pollInterval = pollInterval
    }

    /// Retries after 1 minute, doubling up to an hour, for 24 hours; 4 messages at once, each
    /// claimed for 30 minutes; the queue checked every 30 seconds.
    public static let standard = MailDeliveryPolicy()

    /// The retries, concurrency and polling of the queue.
    var outbox: OutboxPolicy {
        OutboxPolicy(
            firstRetryDelay: firstRetryDelay, maximumRetryDelay: maximumRetryDelay, retryPeriod: retryPeriod,
            concurrentAttempts: concurrentSends, lease: lease, pollInterval: pollInterval
        )
    }
}
