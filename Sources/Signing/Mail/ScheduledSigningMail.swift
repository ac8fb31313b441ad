import Foundation
import Logging
import ServiceLifecycle
import Storage

/// The background service that sends the mail of the ``SigningMailSchedule`` when it is due:
///
/// - a reminder, to a recipient whose turn it still is, of a document that still asks for
///   reminders and has not expired;
/// - at a document's expiry date, the document expires if it still waits for signatures, and
///   its sender is told (whether it expired now or when someone looked at it before).
///
/// A row whose mail is no longer wanted is dropped; one whose mail cannot be queued is tried
/// again after the outbox's backoff. Run one value in a `ServiceGroup` with the server; it
/// stops on graceful shutdown.
public struct ScheduledSigningMail: Service {
    private let worker: OutboxWorker<SigningMailSchedule.Job>

    /// The retries and polling of the schedule: a row is a few database reads and writes and
    /// one queued mail, so it is claimed for a minute and retried for a day.
    static let policy = OutboxPolicy(
        firstRetryDelay: .seconds(60), maximumRetryDelay: .seconds(3600), retryPeriod: .seconds(24 * 3600), concurrentAttempts: 4,
        lease: .seconds(60), pollInterval: .seconds(60)
    )

    /// Creates the service that sends with `mail` the rows of `schedule` about the documents
    /// of `store`.
    ///
    /// - Parameter expire: Stores a document whose expiry date has come as expired, as at
    ///   `SigningService.expiringIfDue`, and returns it as it stands.
    init(
        schedule: SigningMailSchedule, store: DocumentStore, mail: SigningMail,
        expire: @escaping @Sendable (SigningDocument, Date) async throws -> SigningDocument, logger: Logger
    ) {
        let clock = schedule.clock
        worker = OutboxWorker(
            outbox: schedule.outbox, policy: Self.policy, clock: clock, subject: "scheduled signing mail", logger: logger,
            describe: { job in
                ["kind": "\(job.payload.kind.rawValue)", "document": "\(job.payload.documentID)", "recipient": "\(job.payload.recipientID ?? "")"]
            }
        ) { job in
            do {
                guard let document = try await store.record(id: job.payload.documentID) else { return .drop }
                let now = clock.now
                switch job.payload.kind {
                case .reminder:
                    guard let recipientID = job.payload.recipientID, document.reminders, document.isTurn(of: recipientID),
                        !(document.expiresAt.map { $0 <= now } ?? false)
                    else { return .drop }
                    try await mail.remindOnSchedule(document, recipientID: recipientID)
                case .expiry:
                    let current = try await expire(document, now)
                    guard current.status == .expired else { return .drop }
                    try await mail.tellSender(.expired, about: current)
                }
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
