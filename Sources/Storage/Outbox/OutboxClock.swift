import Foundation

/// The time an ``OutboxWorker`` schedules attempts by: the dates that are queued, compared and
/// recorded, and the waits until them.
///
/// Servers use ``system``: wall-clock dates, so that queued times stay right however long the
/// server runs. Tests make one from a clock they move themselves, so that retries come when the
/// test advances time rather than after real waits:
///
/// ```swift
/// let clock = ManualClock()
/// let worker = OutboxWorker(outbox: outbox, policy: policy, clock: OutboxClock(clock), logger: logger) { job in … }
/// clock.advance(by: .seconds(60))   // the first retry is due now
/// ```
public struct OutboxClock: Sendable {
    private let currentDate: @Sendable () -> Date
    private let sleepUntil: @Sendable (Date) async throws -> Void

    /// The wall clock, with waits on the continuous clock.
    public static let system = OutboxClock(
        currentDate: { Date() },
        sleepUntil: { date in try await ContinuousClock().sleep(for: .seconds(max(0, date.timeIntervalSinceNow))) }
    )

    private init(currentDate: @escaping @Sendable () -> Date, sleepUntil: @escaping @Sendable (Date) async throws -> Void) {
        self.currentDate = currentDate
        self.sleepUntil = sleepUntil
    }

    /// Time that is `start` when made and then moves as `clock` does; waits end when `clock`
    /// reaches their dates.
    public init(_ clock: any Clock<Duration>, startingAt start: Date = Date()) {
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
    public var now: Date { currentDate() }

    /// Suspends until `date`, or throws `CancellationError` when the task is cancelled first.
    public func sleep(until date: Date) async throws {
        try await sleepUntil(date)
    }
}
