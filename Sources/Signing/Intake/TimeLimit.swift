/// Runs `operation` for at most `limit`: if it has not finished by then, it is cancelled
/// and `failure` is thrown once it has wound down.
///
/// The operation must respond to cancellation for the limit to hold; waits that cannot be
/// cancelled (a blocking call on a thread pool) run to their own end first.
func withTimeLimit<Value: Sendable>(
    _ limit: Duration,
    failure: IntakeFailure,
    _ operation: @escaping @Sendable () async throws -> Value
) async throws -> Value {
    try await withThrowingTaskGroup(of: Value?.self) { group in
        group.addTask { try await operation() }
        group.addTask {
            try await Task.sleep(for: limit)
            return nil
        }
        defer { group.cancelAll() }
        guard case .some(.some(let value)) = try await group.next() else {
            throw failure
        }
        return value
    }
}
