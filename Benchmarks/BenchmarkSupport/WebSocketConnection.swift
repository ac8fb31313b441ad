import Foundation
import NIOCore
import NIOPosix
import NIOWebSocket
import Telemetry

/// A minimal WebSocket client (RFC 6455) over one TCP connection, built like
/// TelemetryBenchmark's `NATSConnection`: one `NIOAsyncChannel` of bytes and a framing of its
/// own, so that the benchmark's clients cost the same for both brokers and the figures compare
/// the brokers.
///
/// It sends binary messages as single masked frames, masking eight bytes at a time
/// (`WebSocketMasking`) as the Go and browser clients do, and reads the server's frames,
/// joining fragments; it answers pings, ends at a close frame, and fails on a masked frame
/// (RFC 6455 §5.1: a server does not mask). The handshake's `Sec-WebSocket-Accept` is not
/// checked: a benchmark only talks to servers it started on this machine.
public struct WebSocketConnection: Sendable {
    private let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>
    private let host: String
    private let target: String

    /// Connects to `url` (`ws://HOST:PORT/PATH?QUERY`).
    public static func connect(url: String) async throws -> WebSocketConnection {
        guard let components = URLComponents(string: url), components.scheme == "ws", let host = components.host, let port = components.port else {
            throw BenchmarkError("not a ws:// URL with a port: \(url)")
        }
        let channel = try await ClientBootstrap(group: ClientEventLoops.group)
            .channelOption(ChannelOptions.tcpOption(.tcp_nodelay), value: 1)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        let target = components.percentEncodedPath + (components.percentEncodedQuery.map { "?\($0)" } ?? "")
        return WebSocketConnection(channel: channel, host: "\(host):\(port)", target: target)
    }

    /// Upgrades the connection, runs `body` with the server's binary messages and a writer,
    /// then closes the connection.
    public func run(_ body: (AsyncThrowingStream<ByteBuffer, any Error>, Writer) async throws -> Void) async throws {
        try await channel.executeThenClose { inbound, outbound in
            let writer = Writer(outbound: outbound)
            let key = NIOWebSocketClientUpgrader.randomRequestKey()
            try await outbound.write(
                ByteBuffer(
                    string: "GET \(target) HTTP/1.1\r\nHost: \(host)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                        + "Sec-WebSocket-Key: \(key)\r\nSec-WebSocket-Version: 13\r\n\r\n"
                )
            )
            let (messages, continuation) = AsyncThrowingStream.makeStream(of: ByteBuffer.self)
            let (upgraded, upgradedContinuation) = AsyncThrowingStream.makeStream(of: Void.self)
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask {
                    var parser = WebSocketClientParser()
                    do {
                        for try await buffer in inbound {
                            for item in try parser.feed(buffer) {
                                switch item {
                                case .upgraded: upgradedContinuation.finish()
                                case .message(let message): continuation.yield(message)
                                case .ping(let payload): try await writer.send(opcode: 0xA, payload: payload)
                                case .close:
                                    continuation.finish()
                                    return
                                }
                            }
                        }
                        throw BenchmarkError("the server closed the connection")
                    } catch {
                        upgradedContinuation.finish(throwing: error)
                        continuation.finish(throwing: error)
                    }
                }
                for try await _ in upgraded {}
                try await body(messages, writer)
                tasks.cancelAll()
            }
        }
    }

    /// Writes messages to the server.
    public struct Writer: Sendable {
        /// The connection's outbound half.
        public let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>

        /// Sends `message` as one binary frame.
        public func send(_ message: [UInt8]) async throws {
            try await outbound.write(message.withUnsafeBytes { Self.frame(opcode: 0x2, payload: $0) })
        }

        /// Sends a frame of `opcode` holding `payload`.
        public func send(opcode: UInt8, payload: ByteBuffer) async throws {
            try await outbound.write(payload.withUnsafeReadableBytes { Self.frame(opcode: opcode, payload: $0) })
        }

        /// A final, masked frame of `opcode` holding `payload`.
        private static func frame(opcode: UInt8, payload: UnsafeRawBufferPointer) -> ByteBuffer {
            var frame = ByteBuffer()
            frame.reserveCapacity(payload.count + 14)
            frame.writeInteger(0x80 | opcode)
            if payload.count < 126 {
                frame.writeInteger(0x80 | UInt8(payload.count))
            } else if payload.count <= Int(UInt16.max) {
                frame.writeInteger(UInt8(0x80 | 126))
                frame.writeInteger(UInt16(payload.count))
            } else {
                frame.writeInteger(UInt8(0x80 | 127))
                frame.writeInteger(UInt64(payload.count))
            }
            let key = WebSocketMaskingKey.random()
            frame.writeBytes(key)
            frame.writeWithUnsafeMutableBytes(minimumWritableBytes: payload.count) { destination in
                WebSocketMasking.apply(key, from: payload, to: destination)
                return payload.count
            }
            return frame
        }
    }
}

/// Splits what a WebSocket server sends into the handshake's end and frames.
struct WebSocketClientParser {
    /// One item.
    enum Item {
        /// The server switched protocols.
        case upgraded
        /// A whole binary or text message.
        case message(ByteBuffer)
        /// A ping, to be answered with its payload.
        case ping(ByteBuffer)
        /// A close frame.
        case close
    }

    private var pending = ByteBuffer()
    private var isUpgraded = false
    /// The fragments of a message whose last frame has not arrived.
    private var fragments: ByteBuffer?

    /// Adds `buffer` and returns the items now complete; throws on a refused upgrade or a
    /// frame this client cannot read.
    mutating func feed(_ buffer: ByteBuffer) throws -> [Item] {
        var buffer = buffer
        pending.writeBuffer(&buffer)
        var items: [Item] = []
        if !isUpgraded {
            let view = pending.readableBytesView
            guard let end = view.firstRange(of: Array("\r\n\r\n".utf8)) else { return [] }
            let head = pending.readString(length: end.upperBound - view.startIndex) ?? ""
            guard head.hasPrefix("HTTP/1.1 101") else {
                throw BenchmarkError("the WebSocket upgrade was refused: \(head.prefix(while: { $0 != "\r" }))")
            }
            isUpgraded = true
            items.append(.upgraded)
        }
        while let frame = try nextFrame() {
            switch frame.opcode {
            case 0x0, 0x1, 0x2:
                var payload = frame.payload
                if frame.opcode != 0x0 { fragments = nil }
                if frame.isFinal, fragments == nil {
                    items.append(.message(payload))
                } else {
                    fragments = fragments ?? ByteBuffer()
                    fragments?.writeBuffer(&payload)
                    if frame.isFinal, let message = fragments {
                        items.append(.message(message))
                        fragments = nil
                    }
                }
            case 0x8: items.append(.close)
            case 0x9: items.append(.ping(frame.payload))
            default: continue
            }
        }
        pending.discardReadBytes()
        return items
    }

    /// The next whole frame, or `nil` when it has not all arrived.
    private mutating func nextFrame() throws -> (opcode: UInt8, isFinal: Bool, payload: ByteBuffer)? {
        let start = pending.readerIndex
        guard let first = pending.readInteger(as: UInt8.self), let second = pending.readInteger(as: UInt8.self) else {
            pending.moveReaderIndex(to: start)
            return nil
        }
        var length = Int(second & 0x7f)
        if length == 126, let extended = pending.readInteger(as: UInt16.self) {
            length = Int(extended)
        } else if length == 127, let extended = pending.readInteger(as: UInt64.self) {
            length = Int(extended)
        } else if length >= 126 {
            pending.moveReaderIndex(to: start)
            return nil
        }
        guard second & 0x80 == 0 else { throw BenchmarkError("the server sent a masked frame") }
        guard let payload = pending.readSlice(length: length) else {
            pending.moveReaderIndex(to: start)
            return nil
        }
        return (first & 0x0f, first & 0x80 != 0, payload)
    }
}
