import NIOCore
import NIOPosix
import Synchronization

/// A TCP relay on loopback between a client and a server, which a test can cut as a network
/// drops a connection: no close message of any protocol, the sockets just end.
///
/// ```swift
/// let relay = try await TCPRelay.start(to: serverPort)
/// // the client connects to 127.0.0.1:relay.port
/// await relay.cut()       // every relayed connection ends; new ones are dropped
/// relay.restore()         // new connections are relayed again
/// ```
public final class TCPRelay: Sendable {
    /// The port clients connect to.
    public let port: Int
    private let listener: any Channel
    private let connections: RelayedConnections

    private init(port: Int, listener: any Channel, connections: RelayedConnections) {
        self.port = port
        self.listener = listener
        self.connections = connections
    }

    /// Starts relaying connections to `127.0.0.1:targetPort`.
    public static func start(to targetPort: Int) async throws -> TCPRelay {
        let connections = RelayedConnections()
        let listener = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .childChannelInitializer { inbound in
                guard connections.admit(inbound) else { return inbound.close() }
                return ClientBootstrap(group: inbound.eventLoop)
                    .connect(host: "127.0.0.1", port: targetPort)
                    .flatMap { outbound in
                        guard connections.admit(outbound) else { return outbound.close().flatMap { inbound.close() } }
                        return outbound.pipeline.addHandler(RelayHandler(partner: inbound)).flatMap {
                            inbound.pipeline.addHandler(RelayHandler(partner: outbound))
                        }
                    }
            }
            .bind(host: "127.0.0.1", port: 0)
            .get()
        return TCPRelay(port: listener.localAddress?.port ?? 0, listener: listener, connections: connections)
    }

    /// Ends every relayed connection and drops new ones until ``restore()``.
    public func cut() async {
        for connection in connections.cut() { try? await connection.close() }
    }

    /// Relays new connections again.
    public func restore() {
        connections.restore()
    }

    /// How many connections the relay has let through since it started.
    public var connectionsRelayed: Int {
        connections.relayedCount
    }

    /// Stops listening and ends every relayed connection.
    public func stop() async {
        await cut()
        try? await listener.close()
    }
}

/// The connections a relay carries, and whether it is cut.
private final class RelayedConnections: Sendable {
    private struct State {
        var channels: [any Channel] = []
        var isCut = false
        var relayedCount = 0
    }

    private let state = Mutex(State())

    /// Records `channel` as relayed; `false` while the relay is cut.
    func admit(_ channel: any Channel) -> Bool {
        state.withLock { state in
            guard !state.isCut else { return false }
            state.channels.append(channel)
            state.relayedCount += 1
            return true
        }
    }

    /// How many channels (both ends of each connection) were admitted so far.
    var relayedCount: Int {
        state.withLock { $0.relayedCount / 2 }
    }

    /// Marks the relay cut and hands over the channels to close.
    func cut() -> [any Channel] {
        state.withLock { state in
            state.isCut = true
            defer { state.channels = [] }
            return state.channels
        }
    }

    /// Lets new connections through again.
    func restore() {
        state.withLock { $0.isCut = false }
    }
}

/// Writes what one side of a relayed connection reads to the other side, and closes the
/// other side when this one ends.
private final class RelayHandler: ChannelInboundHandler, Sendable {
    typealias InboundIn = ByteBuffer

    private let partner: any Channel

    init(partner: any Channel) {
        self.partner = partner
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        partner.writeAndFlush(unwrapInboundIn(data), promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        partner.close(promise: nil)
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
