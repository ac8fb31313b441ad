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

    /// Mail from `settings.from` through `settings.server`, queued in `database`.
    public init(settings: OutboundMailSettings, database: Database, policy: OutboxPolicy = .mail, logger: Logger) {
        self.init(
            from: settings.from, outbox: MailOutbox(database: database), client: SMTPClient(server: settings.server), policy: policy, logger: logger)
    }

    /// Mail from `from`, queued in `outbox` and sent with `client`.
    public init(from: MailAddress, outbox: MailOutbox, client: SMTPClient, policy: OutboxPolicy = .mail, logger: Logger) {
        self.from = from
        self.outbox = outbox
        self.deliverer = MailDeliverer(outbox: outbox, client: client, policy: policy, logger: logger)
    }

    /// Queues `message`, to be sent after `delay` (at once by default), and wakes the deliverer.
    ///
    /// - Returns: The message's id in the outbox.
    @discardableResult
    public func queue(_ message: MailMessage, after delay: Duration = .zero) async throws -> String {
        let id = try await outbox.enqueue(message, after: delay)
        deliverer.wake()
        return id
    }
}
