import Storage

/// How webhook events are delivered: timeouts, retries, and which addresses callbacks may have.
///
/// A delivery is POSTed at once; when the callback does not answer 2xx it is tried again
/// after ``firstRetryDelay``, then after twice that, four times that, and so on up to
/// ``maximumRetryDelay`` between attempts, until ``retryPeriod`` has passed since the event.
/// With the defaults: after 1, 2, 4, … minutes, at most 4 hours apart, for 48 hours.
public struct WebhookDeliveryPolicy: Sendable {
    /// The wait after the first failed attempt; each further failure doubles it.
    public var firstRetryDelay: Duration
    /// The longest wait between two attempts.
    public var maximumRetryDelay: Duration
    /// How long after the event attempts go on; a delivery whose next attempt would fall
    /// later is abandoned, its last status and error kept.
    public var retryPeriod: Duration
    /// How long one attempt may take, connection included. It also bounds how long a graceful
    /// shutdown waits for the attempts under way.
    public var requestTimeout: Duration
    /// How many attempts run at once (at least 1).
    public var concurrentDeliveries: Int
    /// How often the queue is checked without a wakeup, for events that other servers sharing
    /// the database queued.
    public var pollInterval: Duration
    /// Whether callback URLs may lead to any address; when `false`, addresses that are not
    /// public (loopback, private, link-local, …; see ``IntakePolicy/allowPrivateNetworks``)
    /// are refused when a hook is created and before every attempt.
    public var allowPrivateNetworks: Bool
    /// Host names (lowercase) whose addresses are allowed whatever they are.
    public var trustedHosts: Set<String>

    /// Creates a policy; every value has the default of ``standard``.
    public init(
        firstRetryDelay: Duration = .seconds(60),
        maximumRetryDelay: Duration = .seconds(4 * 3600),
        retryPeriod: Duration = .seconds(48 * 3600),
        requestTimeout: Duration = .seconds(10),
        concurrentDeliveries: Int = 8,
        pollInterval: Duration = .seconds(30),
        allowPrivateNetworks: Bool = false,
        trustedHosts: Set<String> = []
    ) {
        self.firstRetryDelay = firstRetryDelay
        self.maximumRetryDelay = maximumRetryDelay
        self.retryPeriod = retryPeriod
        self.requestTimeout = requestTimeout
        self.concurrentDeliveries = concurrentDeliveries
        self.pollInterval = pollInterval
        self.allowPrivateNetworks = allowPrivateNetworks
        self.trustedHosts = trustedHosts
    }

    /// Retries after 1 minute, doubling up to 4 hours, for 48 hours; 10 s per attempt, 8 at
    /// once; public addresses only.
    public static let standard = WebhookDeliveryPolicy()

    /// The retries, concurrency and polling of the queue. A claimed delivery stays claimed
    /// long enough for the attempt to end, after which a delivery whose server died during the
    /// attempt is due again.
    var outbox: OutboxPolicy {
        OutboxPolicy(
            firstRetryDelay: firstRetryDelay, maximumRetryDelay: maximumRetryDelay, retryPeriod: retryPeriod,
            concurrentAttempts: concurrentDeliveries, lease: requestTimeout * 2 + .seconds(30), pollInterval: pollInterval
        )
    }

    /// The guard that checks callback addresses.
    var addressGuard: OutboundAddressGuard {
        OutboundAddressGuard(allowPrivateNetworks: allowPrivateNetworks, trustedHosts: trustedHosts)
    }
}
