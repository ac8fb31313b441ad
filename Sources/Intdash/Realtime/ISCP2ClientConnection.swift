import Foundation
import ISCP
import Locking

/// One connection to an iSCP v2 endpoint (`…/api/iscp/connect?enc=proto`), from the client's
/// side: the SDK's one iSCP v2 client (specs/intdash.md §1). ``ISCP2Bridge`` runs the stream
/// managers over it; `chancery stream` uses it directly (an addition to the 1.x SDK).
///
/// ``open(url:accessToken:nodeID:onMessage:onEnd:)`` upgrades to a WebSocket and says who the
/// node is (`ConnectRequest` with the access token). Then each binary WebSocket message is one
/// ``ISCP2Message``: ``request(_:)`` sends a request with a fresh request id and waits for the
/// answer that carries it; ``send(_:)`` sends a message nobody waits an answer for. The
/// connection pings the server every ``pingInterval`` seconds and answers its pings; every
/// other message (chunks, acks, metadata, answers nobody waits for, `Disconnect`) goes to the
/// `onMessage` handler, in order. A message that is not iSCP v2 ends the connection with
/// ``MalformedMessage``.
///
/// ```swift
/// let connection = try await ISCP2ClientConnection.open(
///     url: "ws://127.0.0.1:8080/intdash/api/iscp/connect?enc=proto", accessToken: token, nodeID: edgeUUID,
///     onMessage: { message in print(message) }, onEnd: { _ in })
/// let answer = try await connection.request { id in
///     var open = ISCP2DownstreamOpenRequest()
///     open.requestID = id
///     open.downstreamFilters = [filter]
///     return .downstreamOpenRequest(open)
/// }
/// await connection.close()
/// ```
public final class ISCP2ClientConnection: Sendable {
    /// The server refused the `ConnectRequest`.
    public struct Refusal: Error, CustomStringConvertible {
        /// The node the connection was to be.
        public let nodeID: String
        /// The server's reason, or its result code when it gave none.
        public let reason: String

        public var description: String { "the iSCP v2 server refused the connection of node \(nodeID): \(reason)" }
    }

    /// The server sent a WebSocket message that is not an iSCP v2 message; the connection
    /// ends with this error.
    public struct MalformedMessage: Error, CustomStringConvertible {
        /// What the decoder found wrong.
        public let reason: String

        public var description: String { "the iSCP v2 server sent a message that is not iSCP v2: \(reason)" }
    }

    /// The protocol version the connection speaks.
    public static let protocolVersion = "2.0.0"
    /// How often the connection pings the server, which drops a silent client, in seconds.
    public static let pingInterval: UInt32 = 10
    /// How long a request waits for its answer unless ``open(url:accessToken:nodeID:requestTimeout:onMessage:onEnd:)``
    /// is given another time.
    public static let defaultRequestTimeout: Duration = .seconds(10)
    /// The longest message sent or accepted: 16 MiB, the server's own limit.
    public static let maximumMessageBytes = RealtimeConnection.maximumMessageBytes

    private struct State: Sendable {
        var connection: RealtimeConnection?
        var lastRequestID: UInt32 = 0
        var pending: [UInt32: CheckedContinuation<ISCP2Message, any Error>] = [:]
        var pinger: Task<Void, Never>?
        var isOver = false
        /// Whether `onEnd` was called.
        var endReported = false
    }

    private let state = LockedValue(State())
    private let codec = ISCP2MessageCodec(maximumFrameSize: ISCP2ClientConnection.maximumMessageBytes)
    private let onMessage: @Sendable (ISCP2Message) -> Void
    private let onEnd: @Sendable ((any Error)?) -> Void
    /// How long a request waits for its answer.
    public let requestTimeout: Duration

    private init(
        requestTimeout: Duration, onMessage: @escaping @Sendable (ISCP2Message) -> Void, onEnd: @escaping @Sendable ((any Error)?) -> Void
    ) {
        self.requestTimeout = requestTimeout
        self.onMessage = onMessage
        self.onEnd = onEnd
    }

    /// Connects to the iSCP v2 endpoint `url` (`ws://…` or `wss://…`) as node `nodeID` with
    /// `accessToken`, sent both on the upgrade (`Authorization: Bearer`) and in the
    /// `ConnectRequest`.
    ///
    /// - Parameters:
    ///   - requestTimeout: How long each request, the `ConnectRequest` first, waits for its
    ///     answer.
    ///   - onMessage: Gets each message that is neither a ping nor the answer to a waiting
    ///     request, in order, on the connection's task.
    ///   - onEnd: Called once when the connection is over, with the error that ended it.
    /// - Throws: ``Refusal`` when the server refuses the node or the token; the WebSocket
    ///   client's error when the server cannot be reached or refuses the upgrade.
    public static func open(
        url: String, accessToken: String, nodeID: String, requestTimeout: Duration = defaultRequestTimeout,
        onMessage: @escaping @Sendable (ISCP2Message) -> Void, onEnd: @escaping @Sendable ((any Error)?) -> Void
    ) async throws -> ISCP2ClientConnection {
        let client = ISCP2ClientConnection(requestTimeout: requestTimeout, onMessage: onMessage, onEnd: onEnd)
        let connection = try await RealtimeConnection.open(
            url: url, headers: [("Authorization", "Bearer \(accessToken)")], gathersMessages: false,
            onMessage: { [weak client] bytes in try client?.receive(bytes) },
            onEnd: { [weak client] error in
                guard let client else { return onEnd(error) }
                client.finish(with: error)
            }
        )
        client.state.withLock { $0.connection = connection }
        var request = ISCP2ConnectRequest()
        request.protocolVersion = protocolVersion
        request.nodeID = nodeID
        request.pingInterval = pingInterval
        request.pingTimeout = pingInterval
        request.extensionFields.accessToken = accessToken
        let answer: ISCP2Message
        do {
            answer = try await client.request { id in
                request.requestID = id
                return .connectRequest(request)
            }
        } catch {
            await client.close()
            throw error
        }
        guard case .connectResponse(let response) = answer.message, response.resultCode == .succeeded else {
            await client.close()
            let reason = answer.response.map { $0.resultString.isEmpty ? "\($0.resultCode)" : $0.resultString } ?? "no answer"
            throw Refusal(nodeID: nodeID, reason: reason)
        }
        client.startPinging()
        return client
    }

    /// Sends the request `make` builds with a fresh request id and returns the message that
    /// answers it, whatever its result code.
    ///
    /// - Throws: `RealtimeLink.NotConnected` when the connection is over or ends before the
    ///   answer; `RealtimeLink.RequestTimeout` after ``requestTimeout`` without one.
    public func request(_ make: (UInt32) -> ISCP2Message.OneOf_Message) async throws -> ISCP2Message {
        let requestID = nextRequestID()
        let body = make(requestID)
        let timeout = requestTimeout
        let timer = Task { [weak self] in
            try? await Task.sleep(for: timeout)
            guard !Task.isCancelled else { return }
            self?.fail(requestID, with: RealtimeLink.RequestTimeout(description: "no answer to iSCP v2 request \(requestID) within \(timeout)"))
        }
        defer { timer.cancel() }
        return try await withCheckedThrowingContinuation { continuation in
            let isOpen = state.withLock { state -> Bool in
                guard !state.isOver else { return false }
                state.pending[requestID] = continuation
                return true
            }
            guard isOpen else { return continuation.resume(throwing: RealtimeLink.NotConnected()) }
            if !send(body) { fail(requestID, with: RealtimeLink.NotConnected()) }
        }
    }

    /// Queues a message whose answer, if any, goes to the `onMessage` handler; `false` when it
    /// cannot be encoded or the connection is over.
    @discardableResult
    public func send(_ body: ISCP2Message.OneOf_Message) -> Bool {
        var message = ISCP2Message()
        message.message = body
        guard let frame = try? codec.encode(message), let connection = state.withLock({ $0.connection }) else { return false }
        return connection.send(frame)
    }

    /// A fresh request id (1, 2, 3, …, wrapping past the largest to 1), for a message sent
    /// with ``send(_:)`` whose answer the `onMessage` handler gets.
    public func nextRequestID() -> UInt32 {
        state.withLock { state in
            state.lastRequestID = state.lastRequestID == .max ? 1 : state.lastRequestID + 1
            return state.lastRequestID
        }
    }

    /// Says goodbye to the server (`Disconnect`), sends what is queued and closes the
    /// connection; waits until it is over.
    public func close() async {
        send(.disconnect(ISCP2Disconnect()))
        let connection = state.withLock { $0.connection }
        end()
        await connection?.close()
    }

    /// Fails request `requestID` with `error`, if it still waits.
    private func fail(_ requestID: UInt32, with error: any Error) {
        let continuation = state.withLock { $0.pending.removeValue(forKey: requestID) }
        continuation?.resume(throwing: error)
    }

    /// Pings the server every ``pingInterval`` seconds while the connection lasts.
    private func startPinging() {
        let pinger = Task { [weak self] in
            while !Task.isCancelled {
                try? await Task.sleep(for: .seconds(Int(Self.pingInterval)))
                guard !Task.isCancelled, let self else { return }
                var ping = ISCP2Ping()
                ping.requestID = self.nextRequestID()
                self.send(.ping(ping))
            }
        }
        state.withLock { $0.pinger = pinger }
    }

    /// Ends the connection because of `error` (`nil`: it closed): fails the requests waiting
    /// for answers with it and tells the `onEnd` handler, once.
    private func finish(with error: (any Error)?) {
        let report = state.withLock { state in
            defer { state.endReported = true }
            return !state.endReported
        }
        end(failingWith: error ?? RealtimeLink.NotConnected())
        if report { onEnd(error) }
    }

    /// Marks the connection over: stops pinging and fails the requests waiting for answers
    /// with `error`.
    private func end(failingWith error: any Error = RealtimeLink.NotConnected()) {
        let (pending, pinger) = state.withLock { state -> ([CheckedContinuation<ISCP2Message, any Error>], Task<Void, Never>?) in
            state.isOver = true
            defer {
                state.pending = [:]
                state.pinger = nil
            }
            return (Array(state.pending.values), state.pinger)
        }
        pinger?.cancel()
        for continuation in pending { continuation.resume(throwing: error) }
    }

    /// Handles one WebSocket message from the server: an answer resumes its request, a ping
    /// is answered, anything else goes to the handler.
    ///
    /// - Throws: ``MalformedMessage`` for bytes that are not an iSCP v2 message, which end the
    ///   connection at once: the requests waiting fail with it and the `onEnd` handler gets
    ///   it, without waiting for the socket to close.
    private func receive(_ frame: [UInt8]) throws {
        let message: ISCP2Message
        do {
            message = try codec.decode(frame)
        } catch {
            let malformed = MalformedMessage(reason: "\(error)")
            finish(with: malformed)
            throw malformed
        }
        if let response = message.response, let continuation = state.withLock({ $0.pending.removeValue(forKey: response.requestID) }) {
            return continuation.resume(returning: message)
        }
        if case .ping(let ping) = message.message {
            var pong = ISCP2Pong()
            pong.requestID = ping.requestID
            send(.pong(pong))
            return
        }
        onMessage(message)
    }
}
