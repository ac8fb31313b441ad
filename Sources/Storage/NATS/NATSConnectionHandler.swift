import Foundation
import NIOCore

/// Hands what a NATS server sends to the client that owns the connection, and answers the
/// server's `PING`s.
final class NATSConnectionHandler: ChannelInboundHandler {
    typealias InboundIn = NATSServerOperation
    typealias OutboundOut = ByteBuffer

    private let client: NATSClient

    init(client: NATSClient) {
        self.client = client
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .message(let id, let message):
            client.deliver(message, to: id)
        case .ping:
            context.writeAndFlush(wrapOutboundOut(ByteBuffer(string: "PONG\r\n")), promise: nil)
        case .pong:
            client.receivedPong(on: context.channel)
        case .info(let json):
            if let info = try? JSONDecoder().decode(NATSServerInfo.self, from: Data(json.readableBytesView)) {
                client.received(info: info)
            }
        case .ok:
            break
        case .error(let message):
            client.received(error: message, on: context.channel)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        // Later, never inside a write that the client makes while holding its lock.
        let channel = context.channel
        context.eventLoop.execute { [client] in client.connectionLost(channel) }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
