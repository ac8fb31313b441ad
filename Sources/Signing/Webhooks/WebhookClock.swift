import Foundation
import Storage

/// The time webhook deliveries are scheduled by: the dates that are queued, compared and sent
/// (see ``WebhookDeliverer``), and the waits until them.
///
/// Servers use ``system``: wall-clock dates, so that queued times and signed timestamps stay
/// right however long the server runs. Tests make one from a clock they move themselves, so
/// that retries come when the test advances time rather than after real waits:
///
/// ```swift
/// let clock = ManualClock()
/// let deliverer = WebhookDeliverer(database: database, secrets: secrets, policy: policy, clock: WebhookClock(clock), logger: logger)
/// clock.advance(by: .seconds(60))   // the first retry is due now
/// ```
struct WebhookClock: Sendable {
    private let currentDate: @Sendable () -> Date
    private let sleepUntil: @Sendable (Date) async throws -> Void

    /// The wall clock, with waits on the continuous clock.
    static let system = WebhookClock(
        currentDate: { Date() },
        sleepUntil: { date in try await ContinuousClock().sleep(for: .seconds(max(0, date.timeIntervalSinceNow))) }
    )

    private init(currentDate: @escaping @Sendable () -> Date, sleepUntil: @escaping @Sendable (Date) async throws -> Void) {
        self.currentDate = currentDate
        self.sleepUntil = sleepUntil
    }

    /// Time that is `start` when made and then moves as `clock` does; waits end when `clock`
    /// reaches their dates.
    init(_ clock: any Clock<Duration>, startingAt start: Date = Date()) {
        self.init(opening: clock, startingAt: start)
    }

    /// ``init(_:startingAt:)`` for a clock of a known type, whose instants can be kept.
    private init<C: Clock<Duration>>(opening clock: C, startingAt start: Date) {
        let origin = clock.now
        self.init(
            currentDate: { start + origin.duration(to: clock.now).timeInterval },
            sleepUntil: { date in try await clock.sleep(until: origin.advanced(by: .seconds(date.timeIntervalSince(start))), tolerance: nil) }
        )
    }

    /// The current date.
    var now: Date { currentDate() }

    /// Suspends until `date`, or throws `CancellationError` when the task is cancelled first.
    func sleep(until date: Date) async throws {
        try await sleepUntil(date)
    }
}
