import Synchronization

/// A clock whose time moves only when a test advances it, so that timers are tested without
/// waiting for them: the code under test sleeps on it, the test waits until the expected
/// sleepers are there and then moves time past their deadlines.
///
/// ```swift
/// let clock = ManualClock()
/// let timer = Task { try await clock.sleep(for: .seconds(30)) }
/// await clock.waitForSleepers(count: 1)
/// clock.advance(by: .seconds(30))   // the timer's sleep returns now
/// ```
public final class ManualClock: Clock, Sendable {
    /// A point on the clock: how far time was advanced from the start.
    public struct Instant: InstantProtocol {
        /// Time advanced since the clock was made.
        public var offset: Duration

        /// The instant `duration` after this one.
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }

        /// The time from this instant to `other`.
        public func duration(to other: Instant) -> Duration { other.offset - offset }

        /// Whether `left` comes before `right`.
        public static func < (left: Instant, right: Instant) -> Bool { left.offset < right.offset }
    }

    /// A task sleeping until `deadline`.
    private struct Sleeper {
        let deadline: Instant
        let continuation: CheckedContinuation<Void, any Error>
    }

    /// The clock's time, the sleepers by number, and the tasks waiting for a number of sleepers.
    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [UInt64: Sleeper] = [:]
        var nextSleeper: UInt64 = 0
        var sleeperWaiters: [(count: Int, continuation: CheckedContinuation<Void, Never>)] = []

        /// Takes the waiters whose number of sleepers is reached.
        mutating func takeSatisfiedWaiters() -> [CheckedContinuation<Void, Never>] {
            let satisfied = sleeperWaiters.filter { $0.count == sleepers.count }
            sleeperWaiters.removeAll { $0.count == sleepers.count }
            return satisfied.map(\.continuation)
        }
    }

    private let state = Mutex(State())

    /// A clock at its start, with nobody sleeping.
    public init() {}

    /// The clock's current time.
    public var now: Instant { state.withLock { $0.now } }

    /// The clock moves in steps of any size.
    public var minimumResolution: Duration { .zero }

    /// How many tasks sleep on the clock.
    public var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    /// Suspends until the clock is advanced to `deadline`, or throws `CancellationError` when the
    /// task is cancelled first.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let number = state.withLock { state in
            defer { state.nextSleeper += 1 }
            return state.nextSleeper
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (ready, waiters) = state.withLock { state -> (Bool, [CheckedContinuation<Void, Never>]) in
                    guard !Task.isCancelled, deadline > state.now else { return (true, []) }
                    state.sleepers[number] = Sleeper(deadline: deadline, continuation: continuation)
                    return (false, state.takeSatisfiedWaiters())
                }
                if ready {
                    if Task.isCancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
                }
                for waiter in waiters { waiter.resume() }
            }
        } onCancel: {
            let (sleeper, waiters) = state.withLock { state in
                let sleeper = state.sleepers.removeValue(forKey: number)
                return (sleeper, sleeper == nil ? [] : state.takeSatisfiedWaiters())
            }
            sleeper?.continuation.resume(throwing: CancellationError())
            for waiter in waiters { waiter.resume() }
        }
    }

    /// Moves time forward by `duration` and wakes every sleeper whose deadline it reaches.
    public func advance(by duration: Duration) {
        let (due, waiters) = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for number in due.keys { state.sleepers[number] = nil }
            return (due.values.map(\.continuation), due.isEmpty ? [] : state.takeSatisfiedWaiters())
        }
        for continuation in due { continuation.resume() }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once exactly `count` tasks sleep on the clock.
    public func waitForSleepers(count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let satisfied = state.withLock { state in
                guard state.sleepers.count != count else { return true }
                state.sleeperWaiters.append((count, continuation))
                return false
            }
            if satisfied { continuation.resume() }
        }
    }
}
