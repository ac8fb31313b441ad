import Logging
import Storage

/// How a server sends mail: a message is queued in the database's outbox (durable when
/// ``queue(_:)`` returns) and the deliverer sends it through the SMTP server, retrying as its
/// policy says. Run ``deliverer`` with the server.
///
/// ```swift
/// let mail = OutboundMail(settings: settings, database: database, logger: logger)
/// try await mail.queue(try MailMessage(from: mail.from, to: [recipient], subject: "Hello", text: "…"))
/// ```
public struct OutboundMail: Sendable {
    /// The sender of every message.
    public let from: MailAddress
    /// Sends what is queued; run it with the server.
    public let deliverer: MailDeliverer
    private let outbox: MailOutbox
    /// How many messages one account's actions may queue in 24 hours.
    private let accountDailyLimit: Int

    /// Mail from `settings.from` through `settings.server`, queued in `database`.
    public init(settings: OutboundMailSettings, database: Database, policy: OutboxPolicy = .mail, logger: Logger) {
        self.init(
            from: settings.from, outbox: MailOutbox(database: database), client: SMTPClient(server: settings.server), policy: policy,
            accountDailyLimit: settings.accountDailyLimit, logger: logger)
    }

    /// Mail from `from`, queued in `outbox` and sent with `client`, at most `accountDailyLimit`
    /// messages a day for each account.
    public init(
        from: MailAddress, outbox: MailOutbox, client: SMTPClient, policy: OutboxPolicy = .mail,
        accountDailyLimit: Int = OutboundMailSettings.defaultAccountDailyLimit, logger: Logger
    ) {
        self.from = from
        self.outbox = outbox
        self.accountDailyLimit = accountDailyLimit
        self.deliverer = MailDeliverer(outbox: outbox, client: client, policy: policy, logger: logger)
    }

    /// Queues `message`, to be sent after `delay` (at once by default), and wakes the deliverer.
    /// A message queued on behalf of `account` counts against its daily budget; the server's
    /// own mail (`account` `nil`) has none.
    ///
    /// - Returns: The message's id in the outbox.
    /// - Throws: ``MailBudgetExhausted`` when `account` has queued its daily limit already.
    @discardableResult
    public func queue(_ message: MailMessage, after delay: Duration = .zero, account: String? = nil) async throws -> String {
        if let account, try await outbox.count(queuedFor: account, inLast: .seconds(24 * 3600)) >= accountDailyLimit {
            throw MailBudgetExhausted(account: account, limit: accountDailyLimit)
        }
        let id = try await outbox.enqueue(message, after: delay, account: account)
        deliverer.wake()
        return id
    }
}
