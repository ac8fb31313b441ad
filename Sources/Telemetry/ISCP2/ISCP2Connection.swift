import Accounts
import Foundation
import HummingbirdWebSocket
import ISCP
import Logging
import NIOCore

/// One iSCP v2 client on one WebSocket: the handshake, the read loop that answers its
/// requests, and the writer that sends what the server has for it (specs/intdash.md §1).
///
/// Three kinds of tasks run for a connection:
/// - the *read loop* reads one message at a time: it performs the handshake, answers pings and
///   takes note of a `Disconnect` itself, and queues every other message in the
///   ``ISCP2RequestQueue``.
/// - the *handler* takes the queued messages in order and handles them: it answers opens,
///   closes and acks, stores and routes upstream chunks. Storage waits here, never in the read
///   loop, so a slow disk delays acknowledgements but not pongs. Neither task writes to the
///   socket itself, so neither waits behind a slow write: every answer goes to the
///   ``ISCP2Outbox``'s urgent lane.
/// - the *writer* takes frames from the outbox, urgent ones first, and writes what it took
///   into the channel with one flush (``WebSocketChannelWriter``).
/// - one *pump* per downstream (and one for E2E calls) turns broker events into messages and
///   queues them in the outbox's bounded bulk lane. A downstream's pump belongs to the
///   downstream, not to the connection: it survives a lost connection, for a resume.
///
/// A *watchdog* ends a connection that does not send its `ConnectRequest` in time or goes
/// silent for longer than its ping interval allows. When the connection is lost, its streams
/// wait in the endpoint's ``ISCP2ResumeRegistry``s for their expiry intervals; after a
/// `Disconnect` its downstreams are closed, since the peer said it is leaving.
actor ISCP2Connection {
    /// The shared parts every connection of an endpoint uses.
    struct Environment: Sendable {
        /// Routes chunks, metadata and calls.
        let broker: TelemetryBroker
        /// Checks tokens and node permissions.
        let access: TelemetryAccess
        /// Stores what upstreams with `persist` send, when storage is configured.
        let recorder: (any TelemetryRecording)?
        /// Knows every upstream, and keeps lost ones resumable.
        let upstreamRegistry: ISCP2ResumeRegistry<ISCP2UpstreamState>
        /// In a deployment of several instances, the upstreams as the database keeps them, so
        /// that one lost here can be resumed on another instance; `nil` on a single server.
        let sharedUpstreams: ISCP2SharedUpstreams?
        /// Knows every downstream, and keeps lost ones resumable.
        let downstreamRegistry: ISCP2ResumeRegistry<ISCP2DownstreamState>
        /// In a deployment of several instances, what takes a downstream that a resume names
        /// from the instance that keeps it; `nil` on a single server.
        let downstreamHandoffs: ISCP2DownstreamHandoffs?
        /// Encodes and decodes frames.
        let codec: ISCP2MessageCodec
        /// The bounds the peer is held to.
        let limits: ISCP2Limits
    }

    let environment: Environment
    /// Where the connection's tasks prefer to run: the event loop of its channel, so that a
    /// frame read or written is not handed from thread to thread (Storage's `EventLoopTaskExecutor`);
    /// `nil` for the global executor.
    let executor: (any TaskExecutor)?
    let outbox = ISCP2Outbox()
    /// What the read loop has read for the handler.
    let requests = ISCP2RequestQueue(capacity: ISCP2Connection.requestQueueCapacity)
    let requestIDs = ISCP2ServerRequestIDs()
    /// The chunk results the handler has not sent yet.
    var pendingAcknowledgements = ISCP2PendingAcknowledgements()
    /// When the handler last sent chunk results; `nil` before the first.
    var lastAcknowledgedAt: ContinuousClock.Instant?
    /// Sends the gathered chunk results once their `ack_interval` has passed, while one runs.
    var acknowledgementTimer: Task<Void, Never>?
    var logger: Logger

    /// The node the peer acts as, once connected.
    var nodeID: String?
    /// Who the peer is, once connected.
    var principal: Principal?
    /// Open upstreams by the alias the server gave them.
    var upstreams: [UInt32: ISCP2UpstreamState] = [:]
    var nextUpstreamAlias: UInt32 = 1
    /// Open downstreams by the alias the client chose.
    var downstreams: [UInt32: ISCP2DownstreamState] = [:]
    var attachment: TelemetryBroker.NodeAttachment?
    var callPump: Task<Void, Never>?

    private let startedAt = ContinuousClock.now
    private var lastReceivedAt = ContinuousClock.now
    private var idleTimeout: Duration = .zero
    /// Set when the connection must end after the current message.
    var isEnding = false
    /// When the peer sent `Disconnect`. The server then waits a moment for the peer to close
    /// the socket itself, as the official clients do right after, rather than closing it
    /// under a client task that is still reading.
    private var disconnectedAt: ContinuousClock.Instant?

    /// How many read messages may wait for the handler before the read loop waits too.
    static let requestQueueCapacity = 256
    /// How many chunk results the handler gathers at most before it sends them.
    static let acknowledgementBatchLimit = 256
    /// How many frames the writer takes from the outbox at once.
    static let writeBatchLimit = 16

    /// Creates a connection that has not yet read anything, whose tasks prefer `executor`.
    init(environment: Environment, executor: (any TaskExecutor)? = nil, logger: Logger) {
        self.environment = environment
        self.executor = executor
        self.logger = logger
    }

    // MARK: Life cycle

    /// Serves the connection until the peer disconnects, the socket closes, or the peer breaks
    /// the protocol; then cleans up and lets the writer send what is queued.
    ///
    /// - Parameter authorization: The upgrade request's `Authorization` header, a fallback for
    ///   the token (iscp-go sends it there as well).
    func run(inbound: WebSocketInboundStream, outbound: WebSocketChannelWriter, authorization: String?) async {
        await withTaskExecutorPreference(executor) {
            await serve(inbound: inbound, outbound: outbound, authorization: authorization)
        }
    }

    private func serve(inbound: WebSocketInboundStream, outbound: WebSocketChannelWriter, authorization: String?) async {
        let writer = Task(executorPreference: executor) { [outbox] in await Self.write(outbox, to: outbound) }
        let handler = Task(executorPreference: executor) { await self.handleQueued() }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await self.readLoop(inbound, authorization: authorization) }
            group.addTask { await self.watch() }
            _ = await group.next()
            group.cancelAll()
        }
        // What was read before the socket closed is still handled — a client that closes its
        // upstream and hangs up at once has its close request carried out — unless the
        // connection ends for a fault. The handler is not cancelled: storing must not be cut
        // short half-way.
        requests.finish()
        await handler.value
        await cleanUp()
        outbox.finish()
        // A peer that has not read what is still queued when the grace period ends loses it:
        // cancelling the writer closes the socket, which ends the write it waits on.
        await WriterGracePeriod.wait(for: writer, upTo: environment.limits.writerGracePeriod) { writer.cancel() }
        logger.debug("iSCP v2 connection ended")
    }

    private func readLoop(_ inbound: WebSocketInboundStream, authorization: String?) async {
        var messages = inbound.messages(maxSize: environment.codec.maximumFrameSize).makeAsyncIterator()
        do {
            while !isEnding, let frame = try await messages.next() {
                lastReceivedAt = .now
                if disconnectedAt != nil { continue }
                guard case .binary(let buffer) = frame else {
                    await disconnect(.protocolError, "iSCP v2 messages travel in binary WebSocket frames, not text")
                    return
                }
                let bytes = Array(buffer.readableBytesView)
                if nodeID != nil, bytes.count <= environment.codec.maximumFrameSize, let chunk = ISCP2IncomingChunk(frame: bytes) {
                    await requests.enqueue(.chunk(chunk))
                    continue
                }
                switch environment.codec.message(in: bytes) {
                case .failure(let error):
                    await disconnect(.malformedMessage, error.description)
                case .success(let message):
                    if nodeID == nil {
                        await handshake(message, authorization: authorization)
                    } else if Self.isHandledOnRead(message) {
                        await handle(message)
                    } else {
                        await requests.enqueue(.message(message))
                    }
                }
            }
        } catch {
            logger.debug("iSCP v2 connection read failed", metadata: ["error": "\(error)"])
        }
    }

    /// Whether the read loop handles `message` itself, ahead of the queued ones: a ping (its
    /// pong must not wait for storage) and a disconnect (nothing read after it is answered).
    private static func isHandledOnRead(_ message: ISCP2Message) -> Bool {
        switch message.message {
        case .ping, .disconnect: true
        default: false
        }
    }

    /// Handles the queued messages in the order they were read, until the connection ends.
    ///
    /// The results of chunks read back to back are acknowledged together: when the handler has
    /// taken every queued message (it has caught up with the peer) and the upstreams'
    /// `ack_interval` has passed since the last acks (``sendAcknowledgementsWhenDue()``), before
    /// any other message (a close is answered after the acks of the chunks before it), at the
    /// latest every ``acknowledgementBatchLimit`` results, and when the connection ends.
    private func handleQueued() async {
        while !isEnding, let batch = await requests.nextBatch() {
            for request in batch {
                guard !isEnding else { break }
                switch request {
                case .message(let message):
                    sendPendingAcknowledgements()
                    await handle(message)
                case .chunk(let chunk):
                    await receive(chunk)
                    if pendingAcknowledgements.resultCount >= Self.acknowledgementBatchLimit { sendPendingAcknowledgements() }
                }
            }
            sendAcknowledgementsWhenDue()
        }
        sendPendingAcknowledgements()
    }

    /// Ends the connection when the peer does not connect in time, stops sending (the official
    /// clients ping every `ping_interval`, so silence means the peer is gone), or does not close
    /// the socket soon after its `Disconnect`.
    private func watch() async {
        while !Task.isCancelled, !isEnding {
            if let disconnectedAt {
                try? await Task.sleep(until: disconnectedAt + environment.limits.closeGracePeriod)
                return
            }
            let deadline = nodeID == nil ? startedAt + environment.limits.connectTimeout : lastReceivedAt + idleTimeout
            if ContinuousClock.now >= deadline {
                if nodeID == nil {
                    await disconnect(.connectTimeout, "no ConnectRequest within \(environment.limits.connectTimeout)")
                } else {
                    await disconnect(.pingTimeout, "nothing received for \(idleTimeout)")
                }
                return
            }
            // Wakes at least once a second, to notice a Disconnect soon.
            try? await Task.sleep(until: min(deadline, .now + .seconds(1)))
        }
    }

    private static func write(_ outbox: ISCP2Outbox, to outbound: WebSocketChannelWriter) async {
        while let frames = await outbox.nextFrames(limit: Self.writeBatchLimit) {
            do {
                try await outbound.writeBinaryMessages(frames)
            } catch {
                outbox.finish()
                return
            }
        }
    }

    private func cleanUp() async {
        for downstream in downstreams.values {
            await downstream.detach()
            if disconnectedAt == nil {
                await environment.downstreamRegistry.park(downstream)
            } else {
                await end(downstream)
            }
        }
        downstreams = [:]
        for state in upstreams.values {
            await park(state)
        }
        upstreams = [:]
        callPump?.cancel()
        if let attachment { await environment.broker.detach(attachment) }
        attachment = nil
    }

    // MARK: Handshake

    private func handshake(_ message: ISCP2Message, authorization: String?) async {
        guard case .connectRequest(let request) = message.message else {
            await disconnect(.protocolError, "the first message must be a ConnectRequest")
            return
        }
        var response = ISCP2ConnectResponse()
        response.requestID = request.requestID
        response.protocolVersion = "2.0.0"
        switch await authorize(request, authorization: authorization) {
        case .failure(let failure):
            response.resultCode = failure.code
            response.resultString = failure.message
            logger.info("iSCP v2 connection refused", metadata: ["node": "\(request.nodeID)", "reason": "\(failure.message)"])
            sendUrgent(.connectResponse(response))
            isEnding = true
        case .success(let (principal, nodeID)):
            self.principal = principal
            self.nodeID = nodeID
            idleTimeout = environment.limits.idleTimeout(pingInterval: request.pingInterval, pingTimeout: request.pingTimeout)
            logger[metadataKey: "iscp.node"] = "\(nodeID)"
            response.resultCode = .succeeded
            response.resultString = "SUCCEEDED"
            sendUrgent(.connectResponse(response))
            await attachForCalls(nodeID)
            logger.debug("iSCP v2 connection established", metadata: ["user": "\(principal.userName)"])
        }
    }

    private func authorize(_ request: ISCP2ConnectRequest, authorization: String?) async -> Result<(Principal, String), ISCP2Failure> {
        guard Self.supports(protocolVersion: request.protocolVersion) else {
            return .failure(
                ISCP2Failure(.incompatibleVersion, "protocol version '\(request.protocolVersion)' is not supported; this server speaks 2.0.0"))
        }
        let token = request.extensionFields.accessToken.isEmpty ? Self.token(inAuthorization: authorization) : request.extensionFields.accessToken
        guard let token, !token.isEmpty else {
            return .failure(ISCP2Failure(.authFailed, "no access token: send one in the ConnectRequest's extension_fields.access_token"))
        }
        let principal: Principal?
        do {
            principal = try await environment.access.principal(token)
        } catch {
            logger.error("iSCP v2 token check failed", metadata: ["error": "\(error)"])
            return .failure(ISCP2Failure(.unspecifiedError, "the access token could not be checked"))
        }
        guard let principal else {
            return .failure(ISCP2Failure(.authFailed, "the access token is not valid"))
        }
        guard !request.nodeID.isEmpty else {
            return .failure(ISCP2Failure(.noNodeID, "the ConnectRequest has no node_id"))
        }
        let nodeID = Self.normalized(nodeID: request.nodeID)
        let allowed: Bool
        do {
            allowed = try await environment.access.mayActAsNode(principal, nodeID)
        } catch {
            logger.error("iSCP v2 node permission check failed", metadata: ["error": "\(error)"])
            return .failure(ISCP2Failure(.unspecifiedError, "the permission to act as node \(nodeID) could not be checked"))
        }
        guard allowed else {
            return .failure(ISCP2Failure(.authFailed, "\(principal.userName) may not act as node \(nodeID)"))
        }
        return .success((principal, nodeID))
    }

    /// Whether a client speaking `protocolVersion` can talk to this 2.0.0 server: any 2.x, and
    /// 3.0 (iscp-go), whose additions (resume tokens) are optional fields this server omits.
    static func supports(protocolVersion: String) -> Bool {
        let parts = protocolVersion.split(separator: ".").map { Int($0) }
        guard parts.count >= 2, let major = parts[0], let minor = parts[1] else { return false }
        return major == 2 || (major == 3 && minor == 0)
    }

    /// The token an `Authorization` header carries, with or without the `Bearer` scheme.
    static func token(inAuthorization header: String?) -> String? {
        guard let header = header?.trimmingCharacters(in: .whitespaces), !header.isEmpty else { return nil }
        let bearer = "bearer "
        if header.lowercased().hasPrefix(bearer) {
            return String(header.dropFirst(bearer.count)).trimmingCharacters(in: .whitespaces)
        }
        return header
    }

    /// A node id as the server keeps it: UUIDs (edge and user ids) in lowercase, anything else
    /// as sent.
    static func normalized(nodeID: String) -> String {
        UUID(uuidString: nodeID).map { $0.uuidString.lowercased() } ?? nodeID
    }

    // MARK: Dispatch

    private func handle(_ message: ISCP2Message) async {
        switch message.message {
        case .ping(let ping):
            var pong = ISCP2Pong()
            pong.requestID = ping.requestID
            sendUrgent(.pong(pong))
        case .disconnect(let disconnect):
            logger.debug("iSCP v2 client disconnected", metadata: ["result": "\(disconnect.resultString)"])
            disconnectedAt = .now
        case .connectRequest:
            await disconnect(.protocolError, "the connection is already established")
        case .upstreamOpenRequest(let request):
            await openUpstream(request)
        case .upstreamResumeRequest(let request):
            await resumeUpstream(request)
        case .upstreamCloseRequest(let request):
            await closeUpstream(request)
        case .upstreamChunk(let chunk):
            await receive(ISCP2IncomingChunk(chunk))
        case .upstreamMetadata(let metadata):
            await receive(metadata)
        case .downstreamOpenRequest(let request):
            await openDownstream(request)
        case .downstreamResumeRequest(let request):
            await resumeDownstream(request)
        case .downstreamCloseRequest(let request):
            await closeDownstream(request)
        case .downstreamChunkAck(let ack):
            await receive(ack)
        case .upstreamCall(let call):
            await send(call)
        case .downstreamMetadataAck, .pong:
            break
        case .connectResponse, .upstreamOpenResponse, .upstreamResumeResponse, .upstreamCloseResponse,
            .upstreamChunkAck, .upstreamMetadataAck, .downstreamOpenResponse, .downstreamResumeResponse,
            .downstreamCloseResponse, .downstreamChunk, .downstreamChunkAckComplete, .downstreamMetadata,
            .upstreamCallAck, .downstreamCall, nil:
            // Messages only a server sends, and kinds from newer protocol versions: ignored.
            break
        }
    }

    // MARK: Sending

    /// Queues a message ahead of the bulk traffic (queuing never waits for the socket); ends
    /// the connection when the peer has stopped reading its answers.
    func sendUrgent(_ body: ISCP2Message.OneOf_Message) {
        guard let frame = environment.codec.frame(ISCP2Message(body)) else { return }
        if !outbox.enqueueUrgent(frame), !isEnding {
            logger.warning("iSCP v2 peer stopped reading its answers; closing")
            isEnding = true
        }
    }

    /// Sends `Disconnect` with `code` and ends the connection.
    func disconnect(_ code: ISCP2ResultCode, _ message: String) async {
        var disconnect = ISCP2Disconnect()
        disconnect.resultCode = code
        disconnect.resultString = message
        logger.info("iSCP v2 connection closed by the server", metadata: ["reason": "\(message)"])
        sendUrgent(.disconnect(disconnect))
        isEnding = true
    }
}
