import Locking

/// A limit on how many tasks do something at once: a task waits for a permit, works, and
/// gives the permit back.
///
/// Waiting tasks get permits in the order they asked. A task cancelled while it waits stops
/// waiting at once with `CancellationError`.
final class AsyncSemaphore: Sendable {
    /// Where one task's request for a permit stands.
    private enum Request {
        case cancelled
        case waiting(CheckedContinuation<Void, any Error>)
        case granted
    }

    private struct State {
        var limit: Int
        var inUse = 0
        var queue: [Int] = []
        var requests: [Int: Request] = [:]
        var nextRequest = 0

        var hasFreePermit: Bool { limit <= 0 || inUse < limit }

        /// Grants permits to waiting tasks while some are free; returns the tasks to resume.
        mutating func grantWaiting() -> [CheckedContinuation<Void, any Error>] {
            var granted: [CheckedContinuation<Void, any Error>] = []
            while hasFreePermit, !queue.isEmpty {
                let id = queue.removeFirst()
                if case .waiting(let continuation) = requests[id] {
                    requests[id] = .granted
                    inUse += 1
                    granted.append(continuation)
                }
            }
            return granted
        }
    }

    private let state: LockedValue<State>

    /// A semaphore with `limit` permits; `0` or less means no limit.
    init(limit: Int) {
        state = LockedValue(State(limit: limit))
    }

    /// How many permits there are; `0` or less means no limit. Raising it lets waiting tasks
    /// go at once; lowering it takes effect as permits come back.
    var limit: Int {
        get { state.current.limit }
        set {
            let granted = state.withLock {
                $0.limit = newValue
                return $0.grantWaiting()
            }
            for continuation in granted { continuation.resume() }
        }
    }

    /// How many tasks wait for a permit.
    var waitingCount: Int { state.withLock { $0.queue.count } }

    /// Waits for a permit, which the caller must give back with ``release()``.
    ///
    /// - Throws: `CancellationError` if the task is or gets cancelled before it has one.
    func acquire() async throws {
        let id = state.withLock { state in
            defer { state.nextRequest += 1 }
            return state.nextRequest
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Outcome { case go, fail, wait }
                let outcome: Outcome = state.withLock { state in
                    if case .cancelled = state.requests[id] {
                        state.requests[id] = nil
                        return .fail
                    }
                    if state.hasFreePermit, state.queue.isEmpty {
                        state.inUse += 1
                        state.requests[id] = .granted
                        return .go
                    }
                    state.requests[id] = .waiting(continuation)
                    state.queue.append(id)
                    return .wait
                }
                switch outcome {
                case .go: continuation.resume()
                case .fail: continuation.resume(throwing: CancellationError())
                case .wait: break
                }
            }
        } onCancel: {
            let waiting: CheckedContinuation<Void, any Error>? = state.withLock { state in
                switch state.requests[id] {
                case nil:
                    state.requests[id] = .cancelled
                    return nil
                case .waiting(let continuation):
                    state.requests[id] = nil
                    state.queue.removeAll { $0 == id }
                    return continuation
                case .granted, .cancelled:
                    return nil
                }
            }
            waiting?.resume(throwing: CancellationError())
        }
        state.withLock { _ = $0.requests.removeValue(forKey: id) }
    }

    /// Gives a permit back, to the longest-waiting task if any.
    func release() {
        let granted = state.withLock {
            $0.inUse -= 1
            return $0.grantWaiting()
        }
        for continuation in granted { continuation.resume() }
    }
}
