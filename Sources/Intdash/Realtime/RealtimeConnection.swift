import Foundation
import HTTPTypes
import Locking
import Logging
import NIOCore
import NIOWebSocket
import WSClient

/// One WebSocket connection to a realtime endpoint: it hands each binary message it
/// receives to a handler, and writes what is appended to its ``RealtimeOutbox``. For iSCP 1.0
/// it is the link's channel itself; for iSCP v2 an ``ISCP2Bridge`` runs over it.
///
/// It runs on swift-websocket's NIO client, which works on every platform (URLSession's
/// WebSocket task does not on Linux).
final class RealtimeConnection: RealtimeChannel {
    /// The largest message accepted or sent.
    static let maximumMessageBytes = 16 << 20

    /// The server refused the upgrade or closed the connection before it was open.
    struct UpgradeFailure: Error, CustomStringConvertible {
        let description: String
    }

    private let outbox: RealtimeOutbox
    private let task = LockedValue<Task<Void, Never>?>(nil)

    private init(gathersMessages: Bool) {
        outbox = RealtimeOutbox(gathers: gathersMessages)
    }

    /// Opens a connection to `url` with the HTTP `headers` on its upgrade request.
    ///
    /// With `gathersMessages`, what is sent while a write is under way leaves in one message
    /// (iSCP 1.0); without, each ``send(_:)`` is one message (iSCP v2).
    ///
    /// Returns once the upgrade succeeded; then `onMessage` gets each binary message, in
    /// order, on the connection's task, and `onEnd` is called once when the connection is
    /// over, with the error that ended it, if any. An error `onMessage` throws (a message
    /// that breaks the protocol) closes the connection and is the one `onEnd` gets.
    static func open(
        url: String,
        headers: [(String, String)],
        gathersMessages: Bool = true,
        onMessage: @escaping @Sendable ([UInt8]) throws -> Void,
        onEnd: @escaping @Sendable ((any Error)?) -> Void
    ) async throws -> RealtimeConnection {
        let connection = RealtimeConnection(gathersMessages: gathersMessages)
        var fields = HTTPFields()
        for (name, value) in headers {
            guard let field = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: field, value: value))
        }
        let configuration = WebSocketClientConfiguration(maxFrameSize: maximumMessageBytes, additionalHeaders: fields)
        let logger = Logger(label: "Intdash.RealtimeConnection")
        let outbox = connection.outbox
        try await withCheckedThrowingContinuation { (opened: CheckedContinuation<Void, any Error>) in
            let pendingOpen = LockedValue<CheckedContinuation<Void, any Error>?>(opened)
            let takeOpen: @Sendable () -> CheckedContinuation<Void, any Error>? = {
                pendingOpen.withLock { continuation in
                    defer { continuation = nil }
                    return continuation
                }
            }
            let task = Task {
                do {
                    try await WebSocketClient.connect(url: url, configuration: configuration, logger: logger) { inbound, outbound, _ in
                        takeOpen()?.resume()
                        try await withThrowingTaskGroup(of: Void.self) { group in
                            group.addTask {
                                while let message = await outbox.next() {
                                    try await outbound.write(.binary(ByteBuffer(bytes: message)))
                                }
                                try? await outbound.close(.normalClosure, reason: nil)
                            }
                            // After a message the handler refuses, the connection closes: what
                            // arrives until the server answers the close is read and dropped.
                            var refusal: (any Error)?
                            for try await message in inbound.messages(maxSize: maximumMessageBytes) {
                                guard refusal == nil, case .binary(let buffer) = message else { continue }
                                do {
                                    try onMessage(Array(buffer.readableBytesView))
                                } catch {
                                    refusal = error
                                    outbox.finish()
                                }
                            }
                            outbox.finish()
                            try await group.waitForAll()
                            if let refusal { throw refusal }
                        }
                    }
                    outbox.finish()
                    if let open = takeOpen() {
                        open.resume(throwing: UpgradeFailure(description: "the server closed the connection before it was open"))
                    } else {
                        onEnd(nil)
                    }
                } catch {
                    outbox.finish()
                    if let open = takeOpen() {
                        open.resume(throwing: error)
                    } else {
                        onEnd(error)
                    }
                }
            }
            connection.task.withLock { $0 = task }
        }
        return connection
    }

    /// Queues `bytes` (whole elements, or one iSCP v2 message) to be sent; `false` when the
    /// connection is over.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        outbox.append(bytes)
    }

    /// Sends what is queued, closes the connection, and waits until it is over.
    func close() async {
        outbox.finish()
        await task.withLock { $0 }?.value
    }
}
