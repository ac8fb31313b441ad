import Synchronization

/// Where a test waits for state that other tasks or threads change: the code that changes the
/// state calls ``changed()`` after each change, and the test waits with
/// ``wait(timeout:until:)``, which checks its condition again after each change rather than
/// every few milliseconds.
///
/// ```swift
/// let changes = StateChanges()
/// delegate.onEvent = { events.withLock { $0.append($1) }; changes.changed() }
/// #expect(await changes.wait { events.withLock { $0.count } == 3 })
/// ```
public final class StateChanges: Sendable {
    /// How many changes there were, and the tasks waiting for the next one.
    private struct State {
        var version: UInt64 = 0
        var waiters: [UInt64: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter: UInt64 = 0
    }

    private let state = Mutex(State())

    /// A point nobody waits on yet.
    public init() {}

    /// Wakes every waiting test to check its condition again.
    public func changed() {
        let waiters = state.withLock { state in
            state.version &+= 1
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns `true` once `condition` holds, or `false` when `timeout` passes first (a bound on
    /// a test that fails, not a way to wait) or the waiting task is cancelled.
    public func wait(timeout: Duration = .seconds(30), until condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + timeout
        while true {
            let seen = state.withLock { $0.version }
            if condition() { return true }
            guard ContinuousClock.now < deadline, !Task.isCancelled else { return false }
            await withTaskGroup(of: Void.self) { group in
                group.addTask { try? await Task.sleep(until: deadline) }
                group.addTask { await self.change(after: seen) }
                await group.next()
                group.cancelAll()
            }
        }
    }

    /// Returns at the first change after the one numbered `seen`, or when the task is cancelled.
    private func change(after seen: UInt64) async {
        let number = state.withLock { state in
            defer { state.nextWaiter += 1 }
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let passed = state.withLock { state in
                    guard state.version == seen, !Task.isCancelled else { return true }
                    state.waiters[number] = continuation
                    return false
                }
                if passed { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: number) }?.resume()
        }
    }
}
