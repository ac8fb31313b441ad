import Logging
import ServiceLifecycle

/// Work a service does in rounds until graceful shutdown: a sweep, a renewal, a recovery.
///
/// A round that fails is logged and the next one comes all the same.
///
/// ```swift
/// public func run() async throws {
///     await PeriodicWork.run(every: .seconds(30), logger: logger, failure: "sealing failed") {
///         try await self.sealIdleSegments()
///     }
/// }
/// ```
public enum PeriodicWork {
    /// Runs `round` at once, then every `interval` after each round ends, until graceful
    /// shutdown (which cancels a round under way); logs `failure` with the error of a round
    /// that throws.
    public static func run(
        every interval: Duration, logger: Logger, failure: Logger.Message, _ round: @escaping @Sendable () async throws -> Void
    ) async {
        await cancelWhenGracefulShutdown {
            while !Task.isCancelled {
                do {
                    try await round()
                } catch {
                    logger.error(failure, metadata: ["error": "\(error)"])
                }
                guard (try? await Task.sleep(for: interval)) != nil else { return }
            }
        }
    }
}
