import HTTPTypes
import Logging
import NIOCore
import ServiceLifecycle

/// Keeps the platform's resources open while the server runs and closes them after the
/// server has drained its in-flight requests.
///
/// Hummingbird runs the services it is given before its HTTP server and shuts them down in
/// reverse order, so this one stops last.
struct PlatformService: Service {
    let platform: Platform
    let logger: Logger

    func run() async throws {
        try? await gracefulShutdown()
        logger.info("closing database")
        try await platform.close()
    }
}
