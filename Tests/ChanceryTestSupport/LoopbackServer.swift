import Logging
import NIOCore
import ServiceLifecycle

/// Runs a server on a loopback port for the length of a test, then shuts it down gracefully.
///
/// HummingbirdTesting's `.live` framework is not used for this: besides the server it
/// connects an HTTP client of its own, with a five-second connect timeout, to `localhost`. With
/// the whole suite running on two cores that connection sometimes was not made in time, and
/// the test failed on a client it never used; and a connection it left open kept a WebSocket
/// server's graceful shutdown, and the test, from ending. Here the server has no connections
/// but the test's own.
///
/// ```swift
/// try await LoopbackServer.run(logger: logger) { onServerRunning in
///     Application(
///         router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
///         onServerRunning: onServerRunning, logger: logger)
/// } _: { port in
///     // send requests to http://127.0.0.1:\(port)/…
/// }
/// ```
public enum LoopbackServer {
    /// Runs the service `makeServer` makes, and `body` with the port its listener is bound to
    /// once the service calls `onServerRunning`; shuts the service down when `body` returns or
    /// throws, and returns or rethrows what `body` did.
    public static func run<Value: Sendable>(
        logger: Logger,
        _ makeServer: (_ onServerRunning: @escaping @Sendable (any Channel) async -> Void) -> any Service,
        _ body: (_ port: Int) async throws -> Value
    ) async throws -> Value {
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let server = makeServer { channel in
            if let port = channel.localAddress?.port { portContinuation.yield(port) }
            portContinuation.finish()
        }
        let serviceGroup = ServiceGroup(configuration: ServiceGroupConfiguration(services: [server], logger: logger))
        return try await withThrowingTaskGroup(of: Void.self) { group in
            group.addTask {
                defer { portContinuation.finish() }
                try await serviceGroup.run()
            }
            var portIterator = ports.makeAsyncIterator()
            guard let port = await portIterator.next() else {
                // The server ended before it listened; the group rethrows its error, if any.
                try await group.waitForAll()
                throw ServerDidNotStart()
            }
            let outcome: Result<Value, any Error>
            do { outcome = .success(try await body(port)) } catch { outcome = .failure(error) }
            await serviceGroup.triggerGracefulShutdown()
            try await group.waitForAll()
            return try outcome.get()
        }
    }

    /// The server stopped before it listened on a port, without an error of its own.
    public struct ServerDidNotStart: Error {}
}
