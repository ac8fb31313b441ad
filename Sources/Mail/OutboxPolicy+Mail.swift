import Storage

extension OutboxPolicy {
    /// How queued mail is sent: retried after 1 minute, then 2, 4, … minutes, at most an hour
    /// apart, for 24 hours; 4 messages at once.
    ///
    /// A permanent refusal (a 5xx reply, a configuration that cannot work) ends a message's
    /// attempts at once whatever the policy. A message stays claimed for 30 minutes, longer
    /// than an SMTP session can take (each reply may take minutes); after that a message whose
    /// server died during the session is due again, and if that session had in fact delivered
    /// it, it arrives twice. The queue is checked every 30 seconds for messages that other
    /// servers sharing the database queued.
    public static let mail = OutboxPolicy(
        firstRetryDelay: .seconds(60), maximumRetryDelay: .seconds(3600), retryPeriod: .seconds(24 * 3600),
        concurrentAttempts: 4, lease: .seconds(30 * 60), pollInterval: .seconds(30)
    )
}
