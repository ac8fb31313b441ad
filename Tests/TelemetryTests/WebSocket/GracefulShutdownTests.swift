import ChanceryTestSupport
import Hummingbird
import NIOCore
import NIOPosix
import Testing

@testable import Telemetry

@Suite("Graceful shutdown of the WebSocket-upgrading server")
struct GracefulShutdownTests {
    /// A client connection: what the server sends until it closes the connection.
    private struct Connection {
        /// Every byte the server sent, once it has closed the connection.
        let received: Task<String, any Error>
        /// Ends when the server's first bytes have arrived, or the connection has closed.
        let answered: AsyncStream<Void>
    }

    /// Connects to `localhost:port` and sends `request`, if any, waiting for the connection as
    /// long as ``LoopbackDeadline/answer`` rather than NIO's 10 seconds.
    private static func connect(port: Int, sending request: String?) async throws -> Connection {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(TimeAmount(LoopbackDeadline.answer))
            .connect(host: "localhost", port: port) { channel in
                channel.eventLoop.makeCompletedFuture { try NIOAsyncChannel<ByteBuffer, ByteBuffer>(wrappingChannelSynchronously: channel) }
            }
        let (sent, signalSent) = AsyncStream.makeStream(of: Void.self)
        let (answered, signalAnswered) = AsyncStream.makeStream(of: Void.self)
        let received = Task {
            defer { signalAnswered.finish() }
            return try await channel.executeThenClose { inbound, outbound in
                if let request { try await outbound.write(ByteBuffer(string: request)) }
                signalSent.finish()
                var bytes = ByteBuffer()
                for try await chunk in inbound {
                    bytes.writeImmutableBuffer(chunk)
                    signalAnswered.finish()
                }
                return String(buffer: bytes)
            }
        }
        for await _ in sent {}
        return Connection(received: received, answered: answered)
    }

    @Test("a connection that never sent a request is closed, and the shutdown ends", .timeLimit(.minutes(2)))
    func silentConnection() async throws {
        let received = try await LoopbackWebSocketServer.run(Router(context: TelemetryWebSocketContext.self), logger: TestDatabase.logger) { port in
            let connection = try await Self.connect(port: port, sending: nil)
            // The server must have accepted the connection: one it has not accepted when it
            // stops listening is reset by the kernel, and this test would show nothing. It
            // accepts connections in the order they came, so once a later one is answered,
            // it has accepted this one.
            let later = try await Self.connect(port: port, sending: "GET /nothing-here HTTP/1.1\r\nHost: localhost\r\n\r\n")
            for await _ in later.answered {}
            return (connection.received, later.received)
        }
        // Without the closer, `run` would not have returned.
        #expect(try await received.0.value.isEmpty)
        #expect(try await received.1.value.hasPrefix("HTTP/1.1 404"))
    }

    @Test("a connection that was answered and waits for its next request is closed after its answer", .timeLimit(.minutes(2)))
    func idleKeepAliveConnection() async throws {
        let received = try await LoopbackWebSocketServer.run(Router(context: TelemetryWebSocketContext.self), logger: TestDatabase.logger) { port in
            let connection = try await Self.connect(port: port, sending: "GET /nothing-here HTTP/1.1\r\nHost: localhost\r\n\r\n")
            for await _ in connection.answered {}
            return connection.received
        }
        #expect(try await received.value.hasPrefix("HTTP/1.1 404"))
    }
}
