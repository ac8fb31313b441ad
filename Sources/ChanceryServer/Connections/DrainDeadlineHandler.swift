import NIOCore

/// Cuts a connection that is still open a set time after the server began to shut down.
///
/// On SIGTERM the server asks every connection to finish (NIO's `ChannelShouldQuiesceEvent`)
/// and waits for all of them: idle ones close at once, busy ones after their answer. A request
/// whose client stalls (a body that never comes, a download nobody reads) or a WebSocket that
/// stays open would hold the shutdown for ever; this handler closes them when the drain
/// deadline passes. It sits first in the pipeline and stays for the connection's life.
final class DrainDeadlineHandler: ChannelInboundHandler {
    typealias InboundIn = NIOAny

    private let drainTimeout: TimeAmount
    private var cut: Scheduled<Void>?

    /// Creates the handler of one connection that gets `drainTimeout` to finish.
    init(drainTimeout: Duration) {
        self.drainTimeout = TimeAmount(drainTimeout)
    }

    /// Starts the deadline when the server shuts down, and passes the event on so that the
    /// connection's other handlers finish what they can before it.
    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is ChannelShouldQuiesceEvent, cut == nil {
            cut = context.eventLoop.assumeIsolated().scheduleTask(in: drainTimeout) {
                context.close(promise: nil)
            }
        }
        context.fireUserInboundEventTriggered(event)
    }

    /// Stops the deadline of a connection that closed in time.
    func channelInactive(context: ChannelHandlerContext) {
        cut?.cancel()
        cut = nil
        context.fireChannelInactive()
    }
}
