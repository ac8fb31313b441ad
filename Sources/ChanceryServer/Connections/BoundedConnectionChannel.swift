import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// A server's child channel setup that bounds each connection (``ConnectionLimits``) around
/// `Base`'s HTTP and WebSocket handlers:
///
/// - in front, for the connection's whole life: ``ConnectionAdmissionHandler`` (the limits
///   on open connections) and ``DrainDeadlineHandler`` (the cut on shutdown), and the bound
///   on answers queued for the client (``ConnectionLimits/writeBufferWaterMark``);
/// - right behind the HTTP decoder, until a WebSocket upgrade: ``RequestDeadlineHandler``
///   (the timeouts) and ``MalformedRequestHandler`` (the answers to malformed requests).
///
/// ```swift
/// HTTPServerBuilder { responder in
///     BoundedConnectionChannel(HTTP1WebSocketUpgradeChannel(responder: responder, …), limits: limits)
/// }
/// ```
struct BoundedConnectionChannel<Base: ServerChildChannel>: ServerChildChannel {
    /// The setup that serves the connection.
    let base: Base
    /// The bounds of every connection.
    let limits: ConnectionLimits
    /// The count of open connections, shared by all of them.
    let admission: ConnectionAdmission

    /// Wraps `base`.
    init(_ base: Base, limits: ConnectionLimits) {
        self.base = base
        self.limits = limits
        self.admission = ConnectionAdmission(maxConnections: limits.maxConnections, maxConnectionsPerAddress: limits.maxConnectionsPerAddress)
    }

    /// Adds the connection handlers in front, then `base`'s handlers, then the request
    /// handlers behind `base`'s HTTP decoder.
    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Base.Value> {
        let limits = limits
        do {
            try channel.pipeline.syncOperations.addHandler(ConnectionAdmissionHandler(admission: admission))
            try channel.pipeline.syncOperations.addHandler(DrainDeadlineHandler(drainTimeout: limits.drainTimeout))
            try channel.syncOptions?.setOption(ChannelOptions.writeBufferWaterMark, value: ConnectionLimits.writeBufferWaterMark)
        } catch {
            return channel.eventLoop.makeFailedFuture(error)
        }
        return base.setup(channel: channel, logger: logger).flatMapThrowing { value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            try pipeline.addHandler(MalformedRequestHandler(), position: .after(decoder))
            try pipeline.addHandler(RequestDeadlineHandler(limits: limits), position: .after(decoder))
            return value
        }
    }

    /// Serves the connection as `base` does.
    func handle(value: Base.Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }
}
