import NIOCore
import NIOPosix
import NIOWebSocket
import Synchronization

/// A WebSocket client on a bare socket that can stop reading, for tests of what a server does
/// when its peer stops reading, and of what it sends before a client has done anything: its
/// reader is in place from the first byte, so nothing the server sends is missed, whenever it
/// comes.
///
/// Its receive buffer is a few kilobytes, so that little data fills the path from the server;
/// it upgrades with a plain HTTP request, sends masked binary frames through NIOWebSocket's
/// encoder, and splits what it reads into frames. ``stopReading()`` leaves everything the
/// server sends in the socket; ``readUntilEnd()`` reads on until the server closes the socket
/// or sends a close frame.
final class StalledWebSocketClient: Sendable {
    /// A frame the server sent.
    struct Frame: Sendable {
        let opcode: UInt8
        let payload: [UInt8]
    }

    /// What has been read and not yet taken, and whether the socket is closed.
    private struct Received {
        var bytes: [UInt8] = []
        /// How many of `bytes` were taken already.
        var taken = 0
        var isClosed = false
    }

    /// Gathers the bytes read.
    private final class Reader: ChannelInboundHandler, Sendable {
        typealias InboundIn = ByteBuffer
        let received = Mutex(Received())

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            let buffer = unwrapInboundIn(data)
            received.withLock { $0.bytes.append(contentsOf: buffer.readableBytesView) }
        }

        func channelInactive(context: ChannelHandlerContext) {
            received.withLock { $0.isClosed = true }
        }
    }

    private let group: MultiThreadedEventLoopGroup
    private let channel: any Channel
    private let reader: Reader

    /// Connects to `localhost:port` and upgrades to a WebSocket at `pathAndQuery`, sending
    /// `headers` (name and value) with the upgrade request.
    init(port: Int, pathAndQuery: String, headers: [(String, String)] = []) async throws {
        group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let reader = Reader()
        self.reader = reader
        channel = try await ClientBootstrap(group: group)
            .channelOption(.socketOption(.so_rcvbuf), value: 4096)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture { try channel.pipeline.syncOperations.addHandler(reader) }
            }
            .connect(host: "127.0.0.1", port: port).get()
        let request =
            "GET \(pathAndQuery) HTTP/1.1\r\nHost: localhost:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
            + headers.map { "\($0): \($1)\r\n" }.joined() + "\r\n"
        try await channel.writeAndFlush(ByteBuffer(string: request))
        let head = try await takeHead()
        guard head.hasPrefix("HTTP/1.1 101") else { throw ClientError("the upgrade was refused: \(head)") }
        // From here on, frames go out through NIOWebSocket's encoder, which masks them.
        let channel = self.channel
        try await channel.eventLoop.submit { try channel.pipeline.syncOperations.addHandler(WebSocketFrameEncoder()) }.get()
    }

    /// Sends `payload` as one masked binary frame.
    func send(_ payload: [UInt8]) async throws {
        let frame = WebSocketFrame(
            fin: true, opcode: .binary, maskKey: WebSocketMaskingKey([0x37, 0xfa, 0x21, 0x3d]), data: ByteBuffer(bytes: payload))
        try await channel.writeAndFlush(frame)
    }

    /// The next frame the server sent; `nil` once the socket is closed.
    func nextFrame() async throws -> Frame? {
        while true {
            if let frame = reader.received.withLock({ Self.takeFrame(from: &$0) }) { return frame }
            if reader.received.withLock({ $0.isClosed }) { return nil }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Stops reading from the socket: what the server sends from now on stays in its buffers.
    func stopReading() async throws {
        try await channel.setOption(.autoRead, value: false).get()
    }

    /// Reads again until the server closes the socket or sends a close frame, and returns
    /// whether it sent a close frame.
    func readUntilEnd() async throws -> Bool {
        // A socket the server has closed already refuses the option; what it read is kept.
        try? await channel.setOption(.autoRead, value: true).get()
        channel.read()
        while let frame = try await nextFrame() {
            if frame.opcode == 0x8 { return true }
        }
        return false
    }

    /// Closes the socket and the client's event loop.
    func close() async throws {
        try? await channel.close()
        try await group.shutdownGracefully()
    }

    private func takeHead() async throws -> String {
        while true {
            let head = reader.received.withLock { received -> String? in
                guard let end = received.bytes.firstRange(of: Array("\r\n\r\n".utf8)) else { return nil }
                received.taken = end.upperBound
                return String(decoding: received.bytes[..<end.lowerBound], as: UTF8.self)
            }
            if let head { return head }
            if reader.received.withLock({ $0.isClosed }) { throw ClientError("the server closed the socket during the upgrade") }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Takes the first whole unmasked frame not yet taken from `received`, if there is one.
    private static func takeFrame(from received: inout Received) -> Frame? {
        let bytes = received.bytes[received.taken...]
        let start = bytes.startIndex
        guard bytes.count >= 2 else { return nil }
        var headerSize = 2
        var length = Int(bytes[start + 1] & 0x7f)
        if length == 126 {
            guard bytes.count >= 4 else { return nil }
            length = Int(bytes[start + 2]) << 8 | Int(bytes[start + 3])
            headerSize = 4
        } else if length == 127 {
            guard bytes.count >= 10 else { return nil }
            length = bytes[(start + 2)..<(start + 10)].reduce(0) { $0 << 8 | Int($1) }
            headerSize = 10
        }
        guard bytes.count >= headerSize + length else { return nil }
        let frame = Frame(opcode: bytes[start] & 0x0f, payload: Array(bytes[(start + headerSize)..<(start + headerSize + length)]))
        received.taken = start + headerSize + length
        if received.taken > 1 << 20 {
            received.bytes.removeSubrange(..<received.taken)
            received.taken = 0
        }
        return frame
    }

    /// What went wrong with the client.
    struct ClientError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
