import Foundation
import ISCP
import Logging
import NIOCore
import Synchronization
import WSClient

/// A connection to a Chancery server's iSCP v2 endpoint, as the `chancery stream` commands
/// use it: one WebSocket to `/intdash/api/iscp/connect?enc=proto`, on which each binary message
/// is one ``ISCP2Message`` (specs/intdash.md §1).
///
/// ``withConnection(to:token:nodeID:_:)`` connects, says who the node is (`ConnectRequest`
/// with the access token), runs the body, and closes. In the body, ``send(_:)`` writes a
/// message and ``receive()`` reads the next one; iSCP pings are answered while reading, and a
/// `Disconnect` from the server ends the connection with an ``ISCP2ClientError``. The
/// connection belongs to one task: a command sends and reads in turns.
///
/// The WebSocket itself (upgrade, masking, fragments, WebSocket pings, the closing handshake)
/// is swift-websocket's `WebSocketClient`.
///
/// ```swift
/// try await ISCP2Client.withConnection(to: server, token: token, nodeID: edge) { client in
///     let open = try await client.request(.upstreamOpenRequest(request), answer: \.upstreamOpenResponse, doing: "open an upstream")
/// }
/// ```
struct ISCP2Client {
    /// The longest message the client accepts: 16 MiB, the server's own limit.
    static let maximumMessageSize = ISCP2MessageCodec.defaultMaximumFrameSize

    /// The sending side, which other tasks may use too (to ping, say).
    let outbound: Outbound
    private var inbound: WebSocketInboundStream.AsyncIterator
    private let codec = ISCP2MessageCodec(maximumFrameSize: ISCP2Client.maximumMessageSize)
    private var lastRequestID: UInt32 = 0

    private init(inbound: WebSocketInboundStream, outbound: WebSocketOutboundWriter) {
        self.inbound = inbound.makeAsyncIterator()
        self.outbound = Outbound(writer: outbound)
    }

    /// The sending side of a connection.
    struct Outbound: Sendable {
        fileprivate let writer: WebSocketOutboundWriter
        private let codec = ISCP2MessageCodec(maximumFrameSize: ISCP2Client.maximumMessageSize)

        /// Sends one message.
        func send(_ body: ISCP2Message.OneOf_Message) async throws {
            var message = ISCP2Message()
            message.message = body
            try await writer.write(.binary(ByteBuffer(bytes: try codec.encode(message))))
        }
    }

    /// Connects to the iSCP v2 endpoint of the server at `server` (`http://HOST:PORT`, the
    /// URL `chancery serve` prints) as the node `nodeID`, authenticated by `token`, runs
    /// `body`, and closes the connection.
    ///
    /// - Throws: ``ISCP2ClientError`` when the server cannot be reached, refuses the upgrade or
    ///   the `ConnectRequest`, or disconnects; what `body` throws.
    static func withConnection<Result: Sendable>(
        to server: URL, token: String, nodeID: String, _ body: @escaping @Sendable (inout ISCP2Client) async throws -> Result
    ) async throws -> Result {
        guard server.scheme == "http", let host = server.host else {
            throw ISCP2ClientError.unreachable("'\(server.absoluteString)' is not an http:// URL (the stream commands do not speak TLS)")
        }
        var base = server.absoluteString
        while base.hasSuffix("/") { base.removeLast() }
        let url = "ws\(base.dropFirst("http".count))/intdash/api/iscp/connect?enc=proto"
        let address = "\(host):\(server.port ?? 80)"
        let outcome = ConnectionOutcome<Result>()
        do {
            try await WebSocketClient.connect(
                url: url, configuration: .init(maxFrameSize: maximumMessageSize), logger: Logger(label: "chancery.stream")
            ) { inbound, outbound, _ in
                outcome.upgraded()
                var client = ISCP2Client(inbound: inbound, outbound: outbound)
                try await client.connect(as: nodeID, token: token)
                outcome.finish(try await body(&client))
            }
        } catch let error as WebSocketClientError where !outcome.wasUpgraded {
            guard error == .webSocketUpgradeFailed else { throw ISCP2ClientError.unreachable("cannot reach \(address): \(error)") }
            throw ISCP2ClientError.unreachable("the server at \(address) did not accept a WebSocket on \(url)")
        } catch let error as WebSocketClientError {
            throw ISCP2ClientError.malformed(error == .serverSentMessageTooLarge ? "a message longer than \(maximumMessageSize) bytes" : "\(error)")
        } catch  where !outcome.wasUpgraded {
            throw ISCP2ClientError.unreachable("cannot reach \(address): \(error)")
        }
        guard let result = outcome.result else { throw ISCP2ClientError.disconnected("the connection was closed") }
        return result
    }

    /// Says who the node is: a `ConnectRequest` with the access token.
    private mutating func connect(as nodeID: String, token: String) async throws {
        var connect = ISCP2ConnectRequest()
        connect.requestID = nextRequestID()
        connect.protocolVersion = "2.0.0"
        connect.nodeID = nodeID
        connect.pingInterval = 10
        connect.pingTimeout = 10
        connect.extensionFields.accessToken = token
        _ = try await request(.connectRequest(connect), answer: \.connectResponse, doing: "connect as node \(nodeID)")
    }

    /// A new request id: 1, 2, 3, … in the order of this client's requests.
    mutating func nextRequestID() -> UInt32 {
        lastRequestID += 1
        return lastRequestID
    }

    /// Sends one message.
    func send(_ body: ISCP2Message.OneOf_Message) async throws {
        try await outbound.send(body)
    }

    /// Sends the request `body` and reads until its answer, which `answer` picks out of a
    /// message (such as `\.upstreamOpenResponse`); messages read meanwhile are dropped.
    ///
    /// - Throws: ``ISCP2ClientError/refused(_:_:)`` naming `action` when the answer is not
    ///   `SUCCEEDED`.
    mutating func request<Answer: ISCP2Response>(
        _ body: ISCP2Message.OneOf_Message, answer: (ISCP2Message) -> Answer, doing action: String
    ) async throws -> Answer {
        try await send(body)
        var message = ISCP2Message()
        while true {
            message.message = try await receive()
            guard let response = message.response, response is Answer else { continue }
            let answer = answer(message)
            guard answer.resultCode == .succeeded else {
                throw ISCP2ClientError.refused(action, answer.resultString.isEmpty ? "\(answer.resultCode)" : answer.resultString)
            }
            return answer
        }
    }

    /// The next message from the server, after answering any iSCP pings before it; text
    /// WebSocket messages are skipped.
    ///
    /// - Throws: ``ISCP2ClientError/disconnected(_:)`` when the server sends `Disconnect` or
    ///   closes the connection; ``ISCP2ClientError/malformed(_:)`` for a binary message that is
    ///   not an iSCP v2 message.
    mutating func receive() async throws -> ISCP2Message.OneOf_Message {
        while let frame = try await inbound.nextMessage(maxSize: Self.maximumMessageSize) {
            guard case .binary(let bytes) = frame else { continue }
            let message: ISCP2Message
            do {
                message = try codec.decode(Array(bytes.readableBytesView))
            } catch {
                throw ISCP2ClientError.malformed("\(error)")
            }
            switch message.message {
            case .ping(let ping):
                var pong = ISCP2Pong()
                pong.requestID = ping.requestID
                try await send(.pong(pong))
            case .disconnect(let disconnect):
                throw ISCP2ClientError.disconnected(disconnect.resultString.isEmpty ? "\(disconnect.resultCode)" : disconnect.resultString)
            case .some(let body):
                return body
            case nil:
                continue
            }
        }
        throw ISCP2ClientError.disconnected("the server closed the connection")
    }
}

/// What the WebSocket handler of ``ISCP2Client/withConnection(to:token:nodeID:_:)`` leaves
/// for after the connection: whether the upgrade succeeded, and the body's result.
private final class ConnectionOutcome<Result: Sendable>: Sendable {
    private let state = Mutex<(upgraded: Bool, result: Result?)>((false, nil))

    /// Whether the server accepted the WebSocket.
    var wasUpgraded: Bool { state.withLock { $0.upgraded } }
    /// The body's result, once it returned.
    var result: Result? { state.withLock { $0.result } }

    /// Notes that the server accepted the WebSocket.
    func upgraded() {
        state.withLock { $0.upgraded = true }
    }

    /// Keeps the body's result.
    func finish(_ result: Result) {
        state.withLock { $0.result = result }
    }
}

/// Why an iSCP v2 connection of a `chancery stream` command failed, in one line.
enum ISCP2ClientError: Error, CustomStringConvertible {
    /// The server could not be reached, or did not upgrade to a WebSocket.
    case unreachable(String)
    /// The server answered a request (the action named) with a failure.
    case refused(String, String)
    /// The server disconnected, for the reason given.
    case disconnected(String)
    /// The server sent something that is not an iSCP v2 message.
    case malformed(String)

    var description: String {
        switch self {
        case .unreachable(let reason): reason
        case .refused(let action, let reason): "the server refused to \(action): \(reason)"
        case .disconnected(let reason): "disconnected: \(reason)"
        case .malformed(let reason): "the server sent a malformed iSCP v2 frame: \(reason)"
        }
    }
}
