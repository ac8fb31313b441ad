import Foundation
import HTTPTypes
import HummingbirdWSClient
import ISCP
import Logging
import NIOCore
import Testing

/// An iSCP 1.0 client for tests, on a real WebSocket: it sends elements through the codec and
/// receives the elements the server sends, decoded, in order.
struct ISCP1TestPeer: Sendable {
    let outbound: WebSocketOutboundWriter
    let received: AsyncStream<ISCP1Element>

    /// How long a test waits for something the server should send.
    static let patience: Duration = .seconds(30)

    /// Opens a WebSocket to `url` with `headers`, runs `body` with a peer on it, and closes it.
    /// Returns the server's close frame, if any.
    @discardableResult
    static func connect(
        _ url: String,
        headers: HTTPFields,
        _ body: @escaping @Sendable (ISCP1TestPeer) async throws -> Void
    ) async throws -> WebSocketCloseFrame? {
        let configuration = WebSocketClientConfiguration(maxFrameSize: 16 << 20, additionalHeaders: headers)
        return try await WebSocketClient.connect(url: url, configuration: configuration, logger: Logger(label: "iscp1.test.peer")) {
            inbound, outbound, _ in
            let (received, continuation) = AsyncStream.makeStream(of: ISCP1Element.self)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask {
                    defer { continuation.finish() }
                    for try await message in inbound.messages(maxSize: 16 << 20) {
                        guard case .binary(let buffer) = message else { throw PeerError("the server sent a text frame") }
                        for element in try ISCP1Decoder().decode(Array(buffer.readableBytesView)) {
                            continuation.yield(element)
                        }
                    }
                }
                try await body(ISCP1TestPeer(outbound: outbound, received: received))
                group.cancelAll()
            }
        }
    }

    /// Connects to `server` with `token` as an edge token.
    @discardableResult
    static func connect(
        to server: ISCP1TestServer,
        token: String,
        _ body: @escaping @Sendable (ISCP1TestPeer) async throws -> Void
    ) async throws -> WebSocketCloseFrame? {
        try await connect(server.url, headers: [HTTPField.Name("X-Edge-Token")!: token], body)
    }

    // MARK: Sending

    /// Sends `elements` in one binary message.
    func send(_ elements: [ISCP1Element]) async throws {
        try await send(bytes: try ISCP1Encoder().encode(elements))
    }

    /// Sends raw bytes in one binary message.
    func send(bytes: [UInt8]) async throws {
        try await outbound.write(.binary(ByteBuffer(bytes: bytes)))
    }

    /// Opens upstream `streamID` and returns the server's answer.
    func openUpstream(
        _ streamID: UInt8, requestID: UInt8 = 0, store: Bool, measurement: UUID, edge: UUID
    ) async throws -> ISCP1ResultCode {
        let spec = ISCP1UpstreamSpec(streamID: streamID, store: store, resend: false, measurementUUID: measurement, sourceEdgeUUID: edge)
        try await send([.upstreamSpecRequest(ISCP1UpstreamSpecRequest(requestID: requestID, specs: [spec]))])
        return try await response(to: requestID)
    }

    /// Opens downstream `streamID` of `edge` with `filters` (none: no filter request), and
    /// returns the server's answers.
    func openDownstream(_ streamID: UInt8, of edge: UUID, filters: [ISCP1DataFilter]? = nil, requestID: UInt8 = 0) async throws -> [ISCP1ResultCode] {
        let spec = ISCP1DownstreamSpec(streamID: streamID, sourceEdgeUUID: edge, destinationEdgeUUID: Self.nullUUID)
        try await send([.downstreamSpecRequest(ISCP1DownstreamSpecRequest(requestID: requestID, specs: [spec]))])
        var results = [try await response(to: requestID)]
        if let filters {
            let filter = ISCP1StreamFilter(streamID: streamID, dataFilters: filters)
            try await send([.downstreamFilterRequest(ISCP1DownstreamFilterRequest(requestID: requestID &+ 1, streamFilters: [filter]))])
            results.append(try await response(to: requestID &+ 1))
        }
        return results
    }

    /// The null UUID.
    static let nullUUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    // MARK: Receiving

    /// The next element; fails when the socket closed or nothing comes in time.
    func next() async throws -> ISCP1Element {
        let received = self.received
        return try await withThrowingTaskGroup(of: ISCP1Element?.self) { group in
            group.addTask {
                var iterator = received.makeAsyncIterator()
                return await iterator.next()
            }
            group.addTask {
                try await Task.sleep(for: Self.patience)
                throw PeerError("nothing arrived within \(Self.patience)")
            }
            defer { group.cancelAll() }
            guard let element = try await group.next()! else { throw PeerError("the server closed the connection") }
            return element
        }
    }

    /// The next element `select` picks, skipping the others.
    func next<Value>(_ select: (ISCP1Element) -> Value?) async throws -> Value {
        while true {
            if let value = select(try await next()) { return value }
        }
    }

    /// The result code of the response to request `requestID`, skipping other elements.
    func response(to requestID: UInt8) async throws -> ISCP1ResultCode {
        try await next { element in
            switch element {
            case .upstreamSpecResponse(let response), .downstreamSpecResponse(let response), .downstreamFilterResponse(let response):
                response.requestID == requestID ? response.resultCode : nil
            default: nil
            }
        }
    }

    /// The next section ack of stream `streamID`.
    func sectionAck(of streamID: UInt8) async throws -> ISCP1SectionAck {
        try await next { element in
            if case .sectionAck(let ack) = element, ack.streamID == streamID { ack } else { nil }
        }
    }

    /// The next `count` units of stream `streamID`.
    func units(_ count: Int, of streamID: UInt8) async throws -> [ISCP1Unit] {
        var units: [ISCP1Unit] = []
        while units.count < count {
            units.append(
                try await next { element in
                    if case .unit(let unit) = element, unit.streamID == streamID { unit } else { nil }
                })
        }
        return units
    }

    /// What went wrong in a test exchange.
    struct PeerError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
