import BenchmarkSupport
import Foundation
import NIOCore
import NIOPosix

/// A minimal client of the NATS text protocol over one TCP connection, enough to publish and
/// to subscribe to one subject: `CONNECT`, `PUB`, `SUB`, `PING`/`PONG`, and `MSG` from the
/// server.
struct NATSConnection: Sendable {
    /// What the server sends that the benchmark cares about.
    enum Event: Sendable {
        /// A message for a subscription.
        case message(ByteBuffer)
        /// The answer to our `PING`.
        case pong
    }

    private let channel: NIOAsyncChannel<ByteBuffer, ByteBuffer>

    /// Connects to a NATS server and introduces the client.
    static func connect(port: Int) async throws -> NATSConnection {
        let channel = try await ClientBootstrap(group: ClientEventLoops.group)
            .channelOption(ChannelOptions.tcpOption(.tcp_nodelay), value: 1)
            .connect(host: "127.0.0.1", port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel)
                }
            }
        return NATSConnection(channel: channel)
    }

    /// Runs `body` with a writer and the server's events, then closes the connection.
    func run(_ body: (Writer, AsyncThrowingStream<Event, any Error>) async throws -> Void) async throws {
        try await channel.executeThenClose { inbound, outbound in
            let writer = Writer(outbound: outbound)
            try await writer.write("CONNECT {\"verbose\":false,\"pedantic\":false}\r\n")
            let (events, continuation) = AsyncThrowingStream.makeStream(of: Event.self)
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                tasks.addTask {
                    var parser = NATSParser()
                    do {
                        for try await buffer in inbound {
                            for item in parser.feed(buffer) {
                                switch item {
                                case .message(let payload): continuation.yield(.message(payload))
                                case .pong: continuation.yield(.pong)
                                case .ping: try await writer.write("PONG\r\n")
                                case .error(let line): throw BenchmarkError("nats-server: \(line)")
                                }
                            }
                        }
                        continuation.finish()
                    } catch {
                        continuation.finish(throwing: error)
                    }
                }
                try await body(writer, events)
                tasks.cancelAll()
            }
        }
    }

    /// Writes protocol lines and messages.
    struct Writer: Sendable {
        let outbound: NIOAsyncChannelOutboundWriter<ByteBuffer>

        /// Writes raw protocol text.
        func write(_ text: String) async throws {
            try await outbound.write(ByteBuffer(string: text))
        }

        /// Publishes `payload` on `subject`.
        func publish(_ payload: [UInt8], on subject: String) async throws {
            var buffer = ByteBuffer(string: "PUB \(subject) \(payload.count)\r\n")
            buffer.writeBytes(payload)
            buffer.writeString("\r\n")
            try await outbound.write(buffer)
        }
    }
}

/// Splits what a NATS server sends into protocol items.
struct NATSParser {
    /// One item.
    enum Item {
        case message(ByteBuffer)
        case ping
        case pong
        case error(String)
    }

    private var pending = ByteBuffer()
    /// The payload length of a `MSG` whose header was read and whose payload was not yet.
    private var awaitedPayload: Int?

    /// Adds `buffer` and returns the items now complete.
    mutating func feed(_ buffer: ByteBuffer) -> [Item] {
        var buffer = buffer
        pending.writeBuffer(&buffer)
        var items: [Item] = []
        while true {
            if let length = awaitedPayload {
                guard pending.readableBytes >= length + 2, let payload = pending.readSlice(length: length) else { break }
                pending.moveReaderIndex(forwardBy: 2)
                awaitedPayload = nil
                items.append(.message(payload))
                continue
            }
            guard let end = pending.readableBytesView.firstIndex(of: UInt8(ascii: "\n")) else { break }
            let lineLength = end - pending.readerIndex + 1
            guard let line = pending.readString(length: lineLength)?.trimmingCharacters(in: .whitespacesAndNewlines) else { break }
            if line.hasPrefix("MSG ") {
                awaitedPayload = line.split(separator: " ").last.flatMap { Int($0) } ?? 0
            } else if line == "PING" {
                items.append(.ping)
            } else if line == "PONG" {
                items.append(.pong)
            } else if line.hasPrefix("-ERR") {
                items.append(.error(line))
            }
        }
        pending.discardReadBytes()
        return items
    }
}
