import HTTPTypes
import NIOCore

/// Admits or refuses a new connection by its client address (``ConnectionAdmission``): a
/// refused one is answered 503 at once and closed, before any of its bytes are read, so a
/// flood of connections from one host costs the server a descriptor for a moment each.
///
/// It sits first in the pipeline and stays for the connection's life, WebSocket or not, so that
/// the connection is counted until it closes.
final class ConnectionAdmissionHandler: ChannelInboundHandler {
    typealias InboundIn = NIOAny

    private enum State {
        case connecting
        case admitted(address: String)
        case refused
    }

    private let admission: ConnectionAdmission
    private var state = State.connecting

    /// Creates the handler of one connection, counted by `admission`.
    init(admission: ConnectionAdmission) {
        self.admission = admission
    }

    /// Admits the connection, or answers 503 and closes it.
    ///
    /// A server's child channel becomes active once its pipeline is set up, so every handler
    /// after this one is in place when it refuses.
    func channelActive(context: ChannelHandlerContext) {
        let address = context.channel.remoteAddress?.ipAddress ?? ""
        guard admission.admit(from: address) else {
            state = .refused
            let refusal = ConnectionErrorResponse(.serviceUnavailable, "too many connections; try again later")
            context.writeAndFlush(NIOAny(refusal.bytes)).assumeIsolated().whenComplete { _ in
                context.closeUnanswered()
            }
            return
        }
        state = .admitted(address: address)
        context.fireChannelActive()
    }

    /// Drops what a refused connection sends; passes the rest on.
    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .refused = state { return }
        context.fireChannelRead(data)
    }

    /// Stops counting the connection.
    func channelInactive(context: ChannelHandlerContext) {
        if case .admitted(let address) = state {
            admission.release(from: address)
            state = .connecting
        }
        context.fireChannelInactive()
    }
}
