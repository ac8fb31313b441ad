import ChanceryTestSupport
import NIOCore
import NIOPosix
import NIOWebSocket
import Synchronization
import Testing

@testable import Telemetry

@Suite("WebSocket channel writer", .timeLimit(.minutes(1)))
struct WebSocketChannelWriterTests {
    /// Collects the WebSocket frames a peer receives.
    private final class FrameCollector: ChannelInboundHandler, Sendable {
        typealias InboundIn = WebSocketFrame
        let frames = Mutex<[WebSocketFrame]>([])
        /// Wakes the test at each frame.
        let arrivals = StateChanges()

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let frame = unwrapInboundIn(data)
            frames.withLock { $0.append(frame) }
            arrivals.changed()
        }
    }

    /// Wakes the test whenever its channel becomes writable or stops being so.
    private final class WritabilityWatcher: ChannelInboundHandler, Sendable {
        typealias InboundIn = NIOAny
        /// Changed at each change of writability.
        let changes = StateChanges()

        func channelWritabilityChanged(context: ChannelHandlerContext) {
            changes.changed()
            context.fireChannelWritabilityChanged()
        }
    }

    /// A listening socket on loopback whose connections are set up by `initializer`.
    private static func listen(
        on group: any EventLoopGroup, reading: Bool, _ initializer: @escaping @Sendable (any Channel) -> EventLoopFuture<Void>
    ) async throws -> any Channel {
        try await ServerBootstrap(group: group)
            .childChannelOption(.autoRead, value: reading)
            .childChannelOption(.socketOption(.so_rcvbuf), value: 4096)
            .childChannelInitializer(initializer)
            .bind(host: "127.0.0.1", port: 0).get()
    }

    /// A connection to `server` that encodes WebSocket frames, as an upgraded server channel
    /// does, and tells `watcher` when its writability changes.
    private static func connect(
        to server: any Channel, on group: any EventLoopGroup, watcher: WritabilityWatcher = WritabilityWatcher()
    ) async throws -> any Channel {
        try await ClientBootstrap(group: group)
            .channelOption(.socketOption(.so_sndbuf), value: 4096)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandlers([watcher, WebSocketFrameEncoder()]) }
            }
            .connect(to: server.localAddress!).get()
    }

    @Test("each message arrives as one binary frame, in order")
    func messagesArriveInOrder() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let collector = FrameCollector()
        let server = try await Self.listen(on: group, reading: true) { channel in
            channel.eventLoop.makeCompletedFuture {
                try channel.pipeline.syncOperations.addHandlers([ByteToMessageHandler(WebSocketFrameDecoder(maxFrameSize: 1 << 20)), collector])
            }
        }
        let channel = try await Self.connect(to: server, on: group)
        let writer = WebSocketChannelWriter(channel: channel)
        let messages: [[UInt8]] = [[1, 2, 3], [], Array(repeating: 7, count: 70_000), [9]]
        try await writer.writeBinaryMessages(Array(messages[0..<2]))
        try await writer.writeBinaryMessages(Array(messages[2...]))

        _ = await collector.arrivals.wait(timeout: .seconds(10)) { collector.frames.withLock { $0.count } >= messages.count }
        let frames = collector.frames.withLock { $0 }
        #expect(frames.map(\.opcode) == Array(repeating: .binary, count: messages.count))
        #expect(frames.map(\.fin) == Array(repeating: true, count: messages.count))
        #expect(frames.map(\.data.readableBytes) == messages.map(\.count))
        let sameBytes = frames.map { Array($0.data.readableBytesView) } == messages
        #expect(sameBytes)
        try await channel.close()
        try await server.close()
        try await group.shutdownGracefully()
    }

    @Test("cancelling a write that waits on a peer who does not read closes the channel and ends the write")
    func cancellingAStuckWriteClosesTheChannel() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let server = try await Self.listen(on: group, reading: false) { _ in group.next().makeSucceededVoidFuture() }
        let watcher = WritabilityWatcher()
        let channel = try await Self.connect(to: server, on: group, watcher: watcher)
        let writer = WebSocketChannelWriter(channel: channel)
        let message = Array(repeating: UInt8(0x55), count: 1 << 20)
        let writing = Task {
            // Far more than the socket buffers hold: one of these writes waits for the peer.
            for _ in 0..<256 { try await writer.writeBinaryMessages([message]) }
        }
        #expect(await watcher.changes.wait(timeout: .seconds(10)) { !channel.isWritable }, "the peer's buffers never filled")
        writing.cancel()
        let failed = if case .failure = await writing.result { true } else { false }
        #expect(failed, "the cancelled write did not fail")
        try await channel.closeFuture.get()
        #expect(!channel.isActive)
        try await server.close()
        try await group.shutdownGracefully()
    }
}
