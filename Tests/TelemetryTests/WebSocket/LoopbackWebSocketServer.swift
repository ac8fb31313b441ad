import ChanceryServer
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore
import ServiceLifecycle

@testable import Telemetry

/// Serves a WebSocket router on a loopback port, with the server Chancery runs
/// (``ChanceryApplication/server(webSocketRouter:)``), for the length of a test; then shuts the
/// server down gracefully.
///
/// HummingbirdTesting's `.live` framework is not used here: it also connects an HTTP client to
/// the server, and closes that connection at the end only if it is established by then. A test
/// that ends sooner (a refused handshake takes milliseconds) leaves it open; a WebSocket upgrade
/// server leaves a connection that never sent a request open through a graceful shutdown, so
/// the shutdown, and the test, never ended. This server has no connections but the test's own.
///
/// ```swift
/// try await LoopbackWebSocketServer.run(webSocketRouter, logger: logger) { port in
///     // connect to ws://localhost:\(port)/…
/// }
/// ```
enum LoopbackWebSocketServer {
    /// Runs `body` with the port of a server of `webSocketRouter`, and stops the server when
    /// `body` returns or throws.
    static func run<Value: Sendable>(
        _ webSocketRouter: Router<TelemetryWebSocketContext>,
        logger: Logger,
        _ body: (_ port: Int) async throws -> Value
    ) async throws -> Value {
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: Router(),
            server: ChanceryApplication.server(webSocketRouter: webSocketRouter),
            configuration: ApplicationConfiguration(address: .hostname("localhost", port: 0)),
            onServerRunning: { channel in
                if let port = channel.localAddress?.port { portContinuation.yield(port) }
                portContinuation.finish()
            },
            logger: logger
        )
        let serviceGroup = ServiceGroup(configuration: ServiceGroupConfiguration(services: [app], logger: logger))
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
    struct ServerDidNotStart: Error {}
}
