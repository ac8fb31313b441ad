import Foundation
import Logging
import NIOCore
import NIOPosix
import Synchronization

/// A client of core NATS (publish, subscribe, request and reply) over one TCP connection to
/// any of a list of servers.
///
/// When the connection drops, the client connects again to any server of the list, pausing
/// a little longer after each failed round, and subscribes again to everything it had
/// subscribed to. Messages published meanwhile wait, up to ``reconnectBufferLimit`` bytes,
/// and go out first once connected. A client does not receive its own messages.
///
/// ```swift
/// let nats = try await NATSClient.connect(to: [NATSServerAddress(host: "127.0.0.1")], name: "chancery", logger: logger)
/// let subscription = try nats.subscribe(to: "greetings.>")
/// try await nats.publish(ByteBuffer(string: "hello"), to: "greetings.world")   // from another client
/// for await message in subscription.messages { … }
/// await nats.close()
/// ```
public final class NATSClient: Sendable {
    /// How many bytes of messages may wait while the connection is down.
    public static let reconnectBufferLimit = 8 * 1024 * 1024
    /// How many messages a subscription may have waiting before the oldest are dropped.
    public static let subscriptionBufferLimit = 16 * 1024
    /// How long a connection attempt, or the answer to a `PING`, may take unless the client is
    /// told otherwise: long enough for a loaded machine, short enough that a dead server is
    /// left for the next in the list soon.
    public static let defaultAnswerTimeout: Duration = .seconds(15)

    /// The servers, in the order they are tried.
    public let servers: [NATSServerAddress]
    /// How long a connection attempt, or the answer to a `PING`, may take.
    public let answerTimeout: Duration
    private let name: String
    private let logger: Logger
    private let state = Mutex(State())

    private struct Subscriber {
        let subject: String
        let queueGroup: String?
        let continuation: AsyncStream<NATSMessage>.Continuation
    }

    private struct PongWaiter {
        let id: UInt64
        let channel: ObjectIdentifier
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        /// The connection in use, once its handshake is done.
        var channel: (any Channel)?
        var maxPayload = 1024 * 1024
        var subscribers: [UInt64: Subscriber] = [:]
        var nextID: UInt64 = 1
        var pongWaiters: [PongWaiter] = []
        /// Commands that wait for a connection, in order.
        var waiting: [ByteBuffer] = []
        var waitingBytes = 0
        var reconnection: Task<Void, Never>?
        /// Those waiting in ``NATSClient/waitUntilConnected(timeout:)``.
        var connectionWaiters: [AsyncStream<Void>.Continuation] = []
        var isClosed = false

        mutating func takeID() -> UInt64 {
            defer { nextID += 1 }
            return nextID
        }
    }

    private init(servers: [NATSServerAddress], name: String, answerTimeout: Duration, logger: Logger) {
        self.servers = servers
        self.answerTimeout = answerTimeout
        self.name = name
        self.logger = logger
    }

    /// Connects to the first server of `servers` that accepts the connection and the
    /// credentials, as `name` (the name the server's monitoring shows); a server that has not
    /// answered within `answerTimeout` counts as down.
    ///
    /// - Throws: ``NATSError/unreachable(_:)`` when none does.
    public static func connect(
        to servers: [NATSServerAddress], name: String, answerTimeout: Duration = defaultAnswerTimeout, logger: Logger
    ) async throws -> NATSClient {
        let client = NATSClient(servers: servers, name: name, answerTimeout: answerTimeout, logger: logger)
        try await client.connectToAnyServer()
        return client
    }

    /// Whether the client is connected now: a connection that has closed counts as down at
    /// once, before its handler has told the client.
    public var isConnected: Bool { state.withLock { $0.channel?.isActive == true } }

    /// Waits until the client is connected, at most `timeout`.
    ///
    /// - Throws: ``NATSError/timedOut(_:)`` when it is not connected by then.
    public func waitUntilConnected(timeout: Duration) async throws {
        let (connected, waiter) = AsyncStream.makeStream(of: Void.self)
        let isConnected = state.withLock { state in
            let isConnected = state.channel?.isActive == true
            if !isConnected { state.connectionWaiters.append(waiter) }
            return isConnected
        }
        if isConnected { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { for await _ in connected {} }
            group.addTask { try? await Task.sleep(for: timeout) }
            await group.next()
            group.cancelAll()
        }
        guard self.isConnected else { throw NATSError.timedOut("a connection to \(servers.map(\.description).joined(separator: ", "))") }
    }

    // MARK: Publishing

    /// Publishes `payload` to `subject`, asking for answers at `replyTo` when given. When this
    /// returns, the message is written to the connection's socket (so it leaves even if this
    /// process dies next), or, while the client reconnects, queued to go first on the next
    /// connection; ``flush()`` waits until the server has it.
    ///
    /// - Throws: ``NATSError/payloadTooLarge(size:limit:)``, ``NATSError/notConnected``
    ///   when the connection is down and its buffer full or the write fails, ``NATSError/closed``.
    public func publish(_ payload: ByteBuffer, to subject: String, replyTo: String? = nil) async throws(NATSError) {
        try Self.check(subject)
        if let replyTo { try Self.check(replyTo) }
        let limit = state.withLock { $0.maxPayload }
        guard payload.readableBytes <= limit else { throw NATSError.payloadTooLarge(size: payload.readableBytes, limit: limit) }
        var command = ByteBuffer(string: "PUB \(subject) \(replyTo.map { "\($0) " } ?? "")\(payload.readableBytes)\r\n")
        command.writeImmutableBuffer(payload)
        command.writeStaticString("\r\n")
        guard let written = try send(command) else { return }
        do {
            try await written.get()
        } catch {
            throw NATSError.notConnected
        }
    }

    /// Waits until the server has processed everything sent before (a `PING` answered).
    public func flush() async throws {
        let sent: (channel: any Channel, id: UInt64)? = state.withLock { state in
            guard let channel = state.channel else { return nil }
            return (channel, state.takeID())
        }
        guard let sent else { throw state.withLock { $0.isClosed } ? NATSError.closed : NATSError.notConnected }
        try await ping(on: sent.channel, id: sent.id)
    }

    /// Publishes `payload` to `subject` and returns the first answer, or `nil` when none
    /// comes within `timeout` (nobody listens, or nobody answered).
    public func request(_ payload: ByteBuffer, to subject: String, timeout: Duration) async throws -> NATSMessage? {
        let inbox = Self.newInbox()
        let subscription = try subscribe(to: inbox)
        defer { unsubscribe(subscription) }
        try await publish(payload, to: subject, replyTo: inbox)
        return try await withThrowingTaskGroup(of: NATSMessage?.self) { group in
            group.addTask {
                for await message in subscription.messages { return message }
                return nil
            }
            group.addTask {
                try await Task.sleep(for: timeout)
                return nil
            }
            defer { group.cancelAll() }
            return try await group.next() ?? nil
        }
    }

    /// A subject of its own for the answers to a request, which no other client uses.
    public static func newInbox() -> String {
        "_INBOX.\(UUID().uuidString.replacingOccurrences(of: "-", with: ""))"
    }

    // MARK: Subscribing

    /// Subscribes to `subject`; with a `queueGroup`, each message goes to one member of the
    /// group only.
    public func subscribe(to subject: String, queueGroup: String? = nil) throws(NATSError) -> NATSSubscription {
        try Self.check(subject)
        if let queueGroup { try Self.check(queueGroup) }
        let (messages, continuation) = AsyncStream.makeStream(of: NATSMessage.self, bufferingPolicy: .bufferingNewest(Self.subscriptionBufferLimit))
        let id = try state.withLock { state throws(NATSError) in
            guard !state.isClosed else { throw NATSError.closed }
            let id = state.takeID()
            state.subscribers[id] = Subscriber(subject: subject, queueGroup: queueGroup, continuation: continuation)
            state.channel?.writeAndFlush(Self.subscribeCommand(id: id, subject: subject, queueGroup: queueGroup), promise: nil)
            return id
        }
        continuation.onTermination = { [weak self] _ in self?.unsubscribe(id: id) }
        return NATSSubscription(id: id, subject: subject, messages: messages)
    }

    /// Ends `subscription`: no more messages, and its stream finishes.
    public func unsubscribe(_ subscription: NATSSubscription) {
        unsubscribe(id: subscription.id)
    }

    private func unsubscribe(id: UInt64) {
        let removed = state.withLock { state in
            let removed = state.subscribers.removeValue(forKey: id)
            if removed != nil { state.channel?.writeAndFlush(ByteBuffer(string: "UNSUB \(id)\r\n"), promise: nil) }
            return removed
        }
        removed?.continuation.finish()
    }

    // MARK: Closing

    /// Closes the connection, finishes every subscription and stops reconnecting.
    public func close() async {
        let (channel, reconnection, subscribers, waiters, connectionWaiters) = state.withLock { state in
            state.isClosed = true
            defer {
                state.channel = nil
                state.subscribers = [:]
                state.pongWaiters = []
                state.connectionWaiters = []
                state.waiting = []
                state.waitingBytes = 0
            }
            return (state.channel, state.reconnection, Array(state.subscribers.values), state.pongWaiters, state.connectionWaiters)
        }
        reconnection?.cancel()
        for waiter in connectionWaiters { waiter.finish() }
        for waiter in waiters { waiter.continuation.resume(throwing: NATSError.closed) }
        for subscriber in subscribers { subscriber.continuation.finish() }
        try? await channel?.close()
    }

    // MARK: The connection

    /// Sends `command` now, or queues it while the connection is down (including a closed
    /// connection whose loss the handler has yet to report).
    private func send(_ command: ByteBuffer) throws(NATSError) -> EventLoopFuture<Void>? {
        try state.withLock { state throws(NATSError) -> EventLoopFuture<Void>? in
            guard !state.isClosed else { throw NATSError.closed }
            if let channel = state.channel, channel.isActive {
                let written = channel.eventLoop.makePromise(of: Void.self)
                channel.writeAndFlush(command, promise: written)
                return written.futureResult
            }
            guard state.waitingBytes + command.readableBytes <= Self.reconnectBufferLimit else { throw NATSError.notConnected }
            state.waiting.append(command)
            state.waitingBytes += command.readableBytes
            return nil
        }
    }

    /// Tries each server once; throws ``NATSError/unreachable(_:)`` when none accepts.
    private func connectToAnyServer() async throws {
        var failures: [String] = []
        for server in servers {
            do {
                try await connect(to: server)
                return
            } catch {
                failures.append("\(server): \(error)")
            }
        }
        throw NATSError.unreachable(failures)
    }

    /// Connects to `server`, introduces the client, and once the server has answered makes
    /// the connection the one in use: subscriptions are sent again, then what waited.
    private func connect(to server: NATSServerAddress) async throws {
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(TimeAmount(answerTimeout))
            .channelInitializer { [self] channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(NATSProtocolDecoder(longestPayload: 64 * 1024 * 1024)))
                    try channel.pipeline.syncOperations.addHandler(NATSConnectionHandler(client: self))
                }
            }
            .connect(host: server.host, port: server.port)
            .get()
        do {
            let options = try JSONEncoder().encode(NATSConnectOptions(name: name, server: server))
            var hello = ByteBuffer(string: "CONNECT ")
            hello.writeBytes(options)
            hello.writeStaticString("\r\n")
            try await ping(on: channel, id: state.withLock { $0.takeID() }, after: hello)
        } catch {
            try? await channel.close()
            throw error
        }
        let (isClosed, connectionWaiters): (Bool, [AsyncStream<Void>.Continuation]) = state.withLock { state in
            guard !state.isClosed else { return (true, []) }
            for (id, subscriber) in state.subscribers.sorted(by: { $0.key < $1.key }) {
                channel.write(Self.subscribeCommand(id: id, subject: subscriber.subject, queueGroup: subscriber.queueGroup), promise: nil)
            }
            for command in state.waiting { channel.write(command, promise: nil) }
            channel.flush()
            state.waiting = []
            state.waitingBytes = 0
            state.channel = channel
            defer { state.connectionWaiters = [] }
            return (false, state.connectionWaiters)
        }
        for waiter in connectionWaiters { waiter.finish() }
        if isClosed {
            try? await channel.close()
            throw NATSError.closed
        }
        logger.info("connected to NATS", metadata: ["server": "\(server)"])
    }

    /// Sends `command` (if any) and a `PING` on `channel` and waits for its `PONG`, at most
    /// ``answerTimeout``. The waiter is in place before anything is sent, so a `-ERR` answering
    /// `command` (a refused `CONNECT`) fails it with the server's reason, however soon it comes.
    private func ping(on channel: any Channel, id: UInt64, after command: ByteBuffer? = nil) async throws {
        let key = ObjectIdentifier(channel)
        let timeout = channel.eventLoop.scheduleTask(in: TimeAmount(answerTimeout)) { [self] in
            resumeWaiter(id: id, with: .failure(NATSError.timedOut("PONG from \(channel.remoteAddress.map { "\($0)" } ?? "the server")")))
        }
        defer { timeout.cancel() }
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            state.withLock { $0.pongWaiters.append(PongWaiter(id: id, channel: key, continuation: continuation)) }
            // Closed before the waiter was in place: nothing would fail it but the timeout.
            guard channel.isActive else { return resumeWaiter(id: id, with: .failure(NATSError.notConnected)) }
            var bytes = command ?? ByteBuffer()
            bytes.writeStaticString("PING\r\n")
            channel.writeAndFlush(bytes, promise: nil)
        }
    }

    private func resumeWaiter(id: UInt64, with result: Result<Void, any Error>) {
        let waiter = state.withLock { state in
            state.pongWaiters.firstIndex { $0.id == id }.map { state.pongWaiters.remove(at: $0) }
        }
        waiter?.continuation.resume(with: result)
    }

    // MARK: What the connection handler reports

    /// A `MSG` for subscription `id` arrived.
    func deliver(_ message: NATSMessage, to id: UInt64) {
        state.withLock { state in _ = state.subscribers[id]?.continuation.yield(message) }
    }

    /// A `PONG` arrived on `channel`: it answers the oldest `PING` sent on it.
    func receivedPong(on channel: any Channel) {
        let key = ObjectIdentifier(channel)
        let waiter = state.withLock { state in
            state.pongWaiters.firstIndex { $0.channel == key }.map { state.pongWaiters.remove(at: $0) }
        }
        waiter?.continuation.resume()
    }

    /// An `INFO` arrived.
    func received(info: NATSServerInfo) {
        guard let maxPayload = info.maxPayload, maxPayload > 0 else { return }
        state.withLock { $0.maxPayload = maxPayload }
    }

    /// A `-ERR` arrived on `channel`: what waits for an answer there learns why.
    func received(error message: String, on channel: any Channel) {
        logger.warning("NATS server error", metadata: ["error": "\(message)"])
        failWaiters(on: channel, with: NATSError.server(message))
    }

    /// `channel` closed: what waited on it fails, and if it was the connection in use the
    /// client connects again.
    func connectionLost(_ channel: any Channel) {
        defer { failWaiters(on: channel, with: NATSError.notConnected) }
        state.withLock { state in
            guard state.channel === channel else { return }
            state.channel = nil
            guard !state.isClosed, state.reconnection == nil else { return }
            logger.warning("lost the NATS connection; connecting again")
            state.reconnection = Task { await self.reconnect() }
        }
    }

    private func failWaiters(on channel: any Channel, with error: NATSError) {
        let key = ObjectIdentifier(channel)
        let failed = state.withLock { state in
            let failed = state.pongWaiters.filter { $0.channel == key }
            state.pongWaiters.removeAll { $0.channel == key }
            return failed
        }
        for waiter in failed { waiter.continuation.resume(throwing: error) }
    }

    /// Rounds of attempts on every server, each after a longer pause (up to two seconds),
    /// until the client is connected again or closed.
    private func reconnect() async {
        var pause = Duration.milliseconds(50)
        while true {
            do {
                try await connectToAnyServer()
            } catch {
                logger.warning("NATS reconnection failed", metadata: ["error": "\(error)"])
            }
            let isDone = state.withLock { state in
                guard state.isClosed || state.channel != nil else { return false }
                state.reconnection = nil
                return true
            }
            if isDone { return }
            try? await Task.sleep(for: pause)
            pause = min(pause * 2, .seconds(2))
        }
    }

    // MARK: Commands

    private static func subscribeCommand(id: UInt64, subject: String, queueGroup: String?) -> ByteBuffer {
        ByteBuffer(string: "SUB \(subject) \(queueGroup.map { "\($0) " } ?? "")\(id)\r\n")
    }

    /// Refuses subjects (and queue groups) the protocol cannot carry.
    private static func check(_ subject: String) throws(NATSError) {
        guard !subject.isEmpty, subject.utf8.allSatisfy({ $0 > 0x20 && $0 != 0x7F }) else { throw NATSError.invalidSubject(subject) }
    }
}
