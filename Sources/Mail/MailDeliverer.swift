import Logging
import ServiceLifecycle
import Storage

/// The background service that sends queued mail (see ``MailOutbox``) through one SMTP server.
///
/// It is an `OutboxWorker` over the queue: it claims due messages, up to
/// ``OutboxPolicy/concurrentAttempts`` at a time, and sends each one with its
/// ``SMTPClient``, byte for byte as queued. An accepted message is marked sent. An
/// ``SMTPError`` that ``SMTPError/isPermanent`` abandons the message at once, its error kept;
/// any other is recorded and the message tried again after the policy's backoff, until its
/// retry period is over and it is abandoned.
///
/// Its log messages name the message's id (`mail`) and its recipients, and carry the SMTP
/// error; never the server's credentials.
///
/// It looks at the queue on start, when ``wake()`` is called, when the next retry is due, and
/// every ``OutboxPolicy/pollInterval``. On graceful shutdown it takes no new messages
/// and lets the sessions under way finish; what is left stays queued for the next start.
///
/// Run one value in a `ServiceGroup`; copies share its wakeups, so run only one of them.
public struct MailDeliverer: Service {
    private let worker: OutboxWorker<MailOutbox.Job>

    /// Creates the service that sends the messages of `outbox` with `client`, retried as
    /// `policy` says on the outbox's clock.
    public init(outbox: MailOutbox, client: SMTPClient, policy: OutboxPolicy = .mail, logger: Logger) {
        worker = OutboxWorker(
            outbox: outbox.outbox, policy: policy, clock: outbox.clock, subject: "mail", logger: logger,
            describe: { job in ["mail": "\(job.id)", "recipients": "\(job.payload.recipientAddresses.joined(separator: ", "))"] }
        ) { job in
            let from: MailAddress
            let to: [MailAddress]
            do {
                from = try MailAddress(job.payload.mailFrom)
                to = try job.payload.recipientAddresses.map { address throws(MailMessageError) in try MailAddress(address) }
            } catch {
                return .abandon(reason: "the queued envelope is not valid: \(error)")
            }
            do throws(SMTPError) {
                try await client.send(Array(job.payload.message.utf8), from: from, to: to)
                return .done()
            } catch {
                return error.isPermanent ? .abandon(reason: error.description) : .failed(reason: error.description)
            }
        }
    }

    /// Tells the service that messages were queued, so that it looks at the queue now.
    public func wake() {
        worker.wake()
    }

    /// Sends until graceful shutdown or cancellation.
    public func run() async throws {
        try await worker.run()
    }
}
