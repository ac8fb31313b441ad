import ServiceLifecycle
import Storage

/// Runs `services` in a service group while `body` runs (`body` gets the group, to shut it
/// down itself when the test is about shutdown), then shuts the group down gracefully and
/// waits for every service to stop.
public func whileRunning<Result: Sendable>(
    _ services: [any Service], _ body: (ServiceGroup) async throws -> Result
) async throws -> Result {
    let group = ServiceGroup(services: services, logger: TestDatabase.logger)
    return try await withThrowingTaskGroup(of: Void.self) { tasks in
        tasks.addTask { try await group.run() }
        let result: Result
        do {
            result = try await body(group)
        } catch {
            await group.triggerGracefulShutdown()
            throw error
        }
        await group.triggerGracefulShutdown()
        try await tasks.waitForAll()
        return result
    }
}
