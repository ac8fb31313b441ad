import ChanceryServer
import ChanceryTestSupport
import Hummingbird
import HummingbirdWebSocket
import Logging
import NIOCore

@testable import Telemetry

/// Serves a WebSocket router on a loopback port, with the server Chancery runs
/// (``ChanceryApplication/server(webSocketRouter:)``), for the length of a test
/// (``ChanceryTestSupport/LoopbackServer``).
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
        try await LoopbackServer.run(
            logger: logger,
            { onServerRunning in
                Application(
                    router: Router(),
                    server: ChanceryApplication.server(webSocketRouter: webSocketRouter),
                    configuration: ApplicationConfiguration(address: .hostname("localhost", port: 0)),
                    onServerRunning: onServerRunning,
                    logger: logger
                )
            },
            body
        )
    }
}
