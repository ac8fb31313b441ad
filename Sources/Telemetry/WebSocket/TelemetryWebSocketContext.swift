import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context of the realtime endpoints' WebSocket upgrades: Hummingbird's basic one,
/// plus the event loop of the connection's channel, on which a connection runs its work
/// (``EventLoopTaskExecutor``).
public struct TelemetryWebSocketContext: RequestContext, WebSocketRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The WebSocket handler chosen when the upgrade was decided.
    public let webSocket: WebSocketHandlerReference<Self>
    /// The event loop of the connection's channel.
    public let eventLoop: any EventLoop

    /// Creates the context of a request arriving on `source`'s channel.
    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.webSocket = .init()
        self.eventLoop = source.channel.eventLoop
    }
}
