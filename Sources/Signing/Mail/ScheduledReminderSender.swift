import Logging
import ServiceLifecycle
import Storage

/// The background service that mails the reminders of the ``ReminderSchedule`` when they are
/// due: to a recipient whose turn it still is, of a document that still asks for reminders and
/// has not expired. A reminder that is no longer wanted is dropped; one whose mail cannot be
/// queued is tried again after the outbox's backoff.
///
/// Run one value in a `ServiceGroup` with the server; it stops on graceful shutdown.
public struct ScheduledReminderSender: Service {
    private let worker: OutboxWorker<ReminderSchedule.Job>

    /// The retries and polling of the schedule: a reminder is a few database reads and one
    /// queued mail, so it is claimed for a minute and retried for a day.
    static let policy = OutboxPolicy(
        firstRetryDelay: .seconds(60), maximumRetryDelay: .seconds(3600), retryPeriod: .seconds(24 * 3600), concurrentAttempts: 4,
        lease: .seconds(60), pollInterval: .seconds(60)
    )

    /// Creates the service that mails with `mail` the reminders of `schedule` of the documents
    /// `store` holds.
    init(schedule: ReminderSchedule, store: DocumentStore, mail: SigningMail, logger: Logger) {
        let clock = schedule.clock
        worker = OutboxWorker(
            outbox: schedule.outbox, policy: Self.policy, clock: clock, subject: "scheduled reminder", logger: logger,
            describe: { ["document": "\($0.payload.documentID)", "recipient": "\($0.payload.recipientID)"] }
        ) { job in
            do {
                guard let document = try await store.record(id: job.payload.documentID), document.reminders,
                    document.isTurn(of: job.payload.recipientID), !(document.expiresAt.map { $0 <= clock.now } ?? false)
                else { return .drop }
                try await mail.remindOnSchedule(document, recipientID: job.payload.recipientID)
                return .done()
            } catch {
                return .failed(reason: "\(error)")
            }
        }
    }

    /// Sends until graceful shutdown or cancellation.
    public func run() async throws {
        try await worker.run()
    }
}
