/// Runs `work` in a task and hands its error, or `nil` once it succeeded, to `completion`: how
/// the SDK's completion-handler methods wrap their `async` counterparts.
func runReporting(to completion: @escaping @Sendable ((any Error)?) -> Void, _ work: @escaping @Sendable () async throws -> Void) {
    Task {
        do {
            try await work()
            completion(nil)
        } catch {
            completion(error)
        }
    }
}
