import HummingbirdCore
import Logging
import NIOCore

/// A server's child channel setup with a ``SilentConnectionCloser`` in front of `Base`'s
/// handlers, so that a connection that never sends a request cannot hold a graceful shutdown.
///
/// ```swift
/// HTTPServerBuilder { responder in
///     SilentConnectionClosingChannel(HTTP1WebSocketUpgradeChannel(responder: responder, …))
/// }
/// ```
struct SilentConnectionClosingChannel<Base: ServerChildChannel>: ServerChildChannel {
    /// The setup that serves the connection once it speaks.
    let base: Base

    /// Wraps `base`.
    init(_ base: Base) {
        self.base = base
    }

    /// Adds the closer, then `base`'s handlers.
    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Base.Value> {
        do {
            try channel.pipeline.syncOperations.addHandler(SilentConnectionCloser())
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return base.setup(channel: channel, logger: logger)
    }

    /// Serves the connection as `base` does.
    func handle(value: Base.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
