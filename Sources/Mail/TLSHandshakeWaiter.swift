import NIOCore
import NIOSSL
import NIOTLS

/// Placed right after a `NIOSSLClientHandler`: completes `done` when the TLS handshake has
/// finished, fails it with the handshake's error, or with `ChannelError.eof` when the
/// connection ends first, so that STARTTLS can report a failed handshake as such rather than
/// as a write to a closed connection.
final class TLSHandshakeWaiter: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = NIOAny

    /// Completed once, by whichever comes first.
    let done: EventLoopPromise<Void>

    /// A waiter that completes `done`.
    init(done: EventLoopPromise<Void>) {
        self.done = done
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if case TLSUserEvent.handshakeCompleted = event { done.succeed() }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        done.fail(error)
        context.fireErrorCaught(error)
    }

    func channelInactive(context: ChannelHandlerContext) {
        done.fail(ChannelError.eof)
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        done.fail(ChannelError.eof)
    }
}
