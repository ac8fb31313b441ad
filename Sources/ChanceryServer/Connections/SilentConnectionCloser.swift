import NIOCore

/// Closes a connection that has sent nothing yet when the server shuts down gracefully, and
/// leaves the pipeline as soon as the connection sends its first bytes.
///
/// A graceful shutdown asks every connection to finish (NIO's `ChannelShouldQuiesceEvent`) and
/// waits until all of them have. Until a connection has sent its first request, a server that
/// can upgrade to WebSocket has no HTTP handler in its pipeline to hear that request: its
/// upgrade handler waits for a request head and ignores the event. A client that connects and
/// stays silent (a pre-connecting browser, a TCP health check, a stalled test client) would
/// therefore hold the shutdown open for ever. This handler sits first in the pipeline and
/// closes such a connection, which has nothing in flight to lose.
final class SilentConnectionCloser: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    /// Creates the handler of one connection.
    init() {}

    /// Passes the first bytes on, then leaves the pipeline: from then on, the HTTP or
    /// WebSocket handlers answer a shutdown themselves.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        context.fireChannelRead(data)
        context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    /// Closes the connection when the server shuts down; passes every other event on.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent {
            context.close(promise: nil)
        } else {
            context.fireUserInboundEventTriggered(event)
        }
    }
}
