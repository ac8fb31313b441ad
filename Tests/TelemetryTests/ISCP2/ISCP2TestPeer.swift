import Foundation
import HTTPTypes
import HummingbirdWSClient
import ISCP
import Logging
import NIOCore
import Testing

@testable import Telemetry

/// An iSCP v2 client for tests, on a real WebSocket: it sends messages through the codec and
/// receives what the server sends, decoded, in order.
struct ISCP2TestPeer: Sendable {
    /// What arrived on the socket: a message, or a frame that is not one.
    enum Received: Sendable {
        case message(ISCP2Message)
        case undecodable([UInt8])
        case text(String)
    }

    let outbound: WebSocketOutboundWriter
    let received: AsyncStream<Received>
    let codec = ISCP2MessageCodec()

    /// Opens a WebSocket to `url`, runs `body` with a peer on it, and closes it. Returns the
    /// server's close frame, if any.
    @discardableResult
    static func connect(
        _ url: String,
        headers: HTTPFields = [:],
        _ body: @escaping @Sendable (ISCP2TestPeer) async throws -> Void
    ) async throws -> WebSocketCloseFrame? {
        let configuration = WebSocketClientConfiguration(maxFrameSize: 16 << 20, additionalHeaders: headers)
        return try await WebSocketClient.connect(url: url, configuration: configuration, logger: Logger(label: "iscp2.test.peer")) {
            inbound, outbound, _ in
            let (received, continuation) = AsyncStream.makeStream(of: Received.self)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    // However reading ends (a close, a dropped socket, cancellation), the stream
                    // ends too, so that no test waits forever for a message.
                    defer { continuation.finish() }
                    for try await message in inbound.messages(maxSize: 16 << 20) {
                        switch message {
                        case .binary(let buffer):
                            let bytes = Array(buffer.readableBytesView)
                            if let decoded = try? ISCP2MessageCodec().decode(bytes) {
                                continuation.yield(.message(decoded))
                            } else {
                                continuation.yield(.undecodable(bytes))
                            }
                        case .text(let text):
                            continuation.yield(.text(text))
                        }
                    }
                }
                try await body(ISCP2TestPeer(outbound: outbound, received: received))
                group.cancelAll()
            }
        }
    }

    /// Connects to `server` as `nodeID` with `token` and checks that the connection succeeds.
    static func connected(
        to server: ISCP2TestServer,
        token: String,
        nodeID: String,
        _ body: @escaping @Sendable (ISCP2TestPeer) async throws -> Void
    ) async throws {
        try await connect(server.url()) { peer in
            let response = try await peer.connect(token: token, nodeID: nodeID)
            try #require(response.resultCode == .succeeded, "\(response.resultString)")
            try await body(peer)
        }
    }

    // MARK: Sending

    /// Sends one message.
    func send(_ body: ISCP2Message.OneOf_Message) async throws {
        var message = ISCP2Message()
        message.message = body
        try await send(bytes: try codec.encode(message))
    }

    /// Sends raw bytes in one binary frame.
    func send(bytes: [UInt8]) async throws {
        try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
    }

    /// Sends a ConnectRequest as the Python client does and returns the response.
    func connect(token: String, nodeID: String, protocolVersion: String = "2.0.0") async throws -> ISCP2ConnectResponse {
        var request = ISCP2ConnectRequest()
        request.requestID = 0
        request.protocolVersion = protocolVersion
        request.nodeID = nodeID
        request.pingInterval = 10
        request.pingTimeout = 1
        request.extensionFields.accessToken = token
        request.extensionFields.intdash.projectUuid = "00000000-0000-0000-0000-000000000000"
        try await send(.connectRequest(request))
        guard case .connectResponse(let response) = try await next() else {
            throw PeerError("the first message from the server is not a ConnectResponse")
        }
        return response
    }

    // MARK: Receiving

    /// The next thing the server sent; fails when the socket closed.
    func nextReceived() async throws -> Received {
        var iterator = received.makeAsyncIterator()
        guard let next = await iterator.next() else { throw PeerError("the server closed the connection") }
        return next
    }

    /// The next message; fails on a frame that is not one or when the socket closed.
    func next() async throws -> ISCP2Message.OneOf_Message? {
        switch try await nextReceived() {
        case .message(let message): return message.message
        case .undecodable(let bytes): throw PeerError("the server sent \(bytes.count) bytes that are no iSCP v2 message")
        case .text(let text): throw PeerError("the server sent a text frame: \(text)")
        }
    }

    /// The next message that `select` picks, skipping the others (for streams where chunks and
    /// answers interleave).
    func next<Value>(_ select: (ISCP2Message.OneOf_Message) -> Value?) async throws -> Value {
        while true {
            if let message = try await next(), let value = select(message) { return value }
        }
    }

    /// Whether the server closes the connection, skipping what it sends first.
    func closes() async -> Bool {
        for await _ in received {}
        return true
    }

    /// What went wrong in a test exchange.
    struct PeerError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

extension ISCP2TestPeer {
    /// Waits until `server`, where the upstream's old connection was, has noticed that
    /// connection's end and parked upstream `streamID` (a resume before that is answered
    /// `RESUME_REQUEST_CONFLICT`), then asks to resume it and returns the answer.
    func resumeUpstream(_ streamID: Data, parkedOn server: ISCP2TestServer) async throws -> ISCP2UpstreamResumeResponse {
        let id = try #require(UUID(iscp2StreamID: streamID))
        try #require(await server.upstreams.waitUntilParked(id), "the server parks the upstream")
        var request = ISCP2UpstreamResumeRequest()
        request.requestID = 2
        request.streamID = streamID
        try await send(.upstreamResumeRequest(request))
        return try await next(ISCP2Selectors.upstreamResumeResponse)
    }

    /// Waits until `server`, where the downstream's old connection was, has noticed that
    /// connection's end and parked downstream `streamID`, then asks to resume it as alias
    /// `alias` and returns the answer.
    func resumeDownstream(_ streamID: Data, as alias: UInt32, parkedOn server: ISCP2TestServer) async throws -> ISCP2DownstreamResumeResponse {
        let id = try #require(UUID(iscp2StreamID: streamID))
        try #require(await server.downstreams.waitUntilParked(id), "the server parks the downstream")
        try await send(ISCP2Requests.resumeDownstream(2, streamID: streamID, alias: alias))
        return try await next(ISCP2Selectors.downstreamResumeResponse)
    }

    /// Sends chunk `sequenceNumber` on upstream `upstreamAlias`: one point of data-id alias 1
    /// whose elapsed time and one-byte payload are the sequence number, and expects it
    /// acknowledged.
    func sendNumberedChunk(_ sequenceNumber: UInt32, upstreamAlias: UInt32) async throws {
        let point = ISCP2Requests.point(Int64(sequenceNumber), [UInt8(sequenceNumber)])
        try await send(ISCP2Requests.chunk(alias: upstreamAlias, sequenceNumber: sequenceNumber, [ISCP2Requests.group(alias: 1, [point])]))
        #expect(try await next(ISCP2Selectors.upstreamChunkAck).results.map(\.resultCode) == [.succeeded])
    }
}
