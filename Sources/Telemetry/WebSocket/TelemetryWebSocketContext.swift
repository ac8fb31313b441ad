import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The request context of the realtime endpoints' WebSocket upgrades: Hummingbird's basic one,
/// plus the connection's channel: its event loop runs the connection's work
/// (Storage's `EventLoopTaskExecutor`), and ``WebSocketChannelWriter`` writes frames into it.
public struct TelemetryWebSocketContext: RequestContext, WebSocketRequestContext {
    /// Hummingbird's per-request storage.
    public var coreContext: CoreRequestContextStorage
    /// The WebSocket handler chosen when the upgrade was decided.
    public let webSocket: WebSocketHandlerReference<Self>
    /// The connection's channel.
    public let channel: any Channel
    /// The event loop of the connection's channel.
    public var eventLoop: any EventLoop { channel.eventLoop }

    /// Creates the context of a request arriving on `source`'s channel.
    public init(source: ApplicationRequestContextSource) {
        self.coreContext = .init(source: source)
        self.webSocket = .init()
        self.channel = source.channel
    }
}
