import Foundation
import ISCP
import NIOCore

/// Carries a workload through Chancery's iSCP v2 endpoint: one device connection sends the
/// batches as `UpstreamChunk`s, one viewer connection watching the device receives them as
/// `DownstreamChunk`s, both over WebSockets, the way the official clients talk (through
/// ``WebSocketConnection``, a client as lean as the one nats-server gets).
///
/// ``runPersisted(_:)`` and ``persist(_:)`` have the device store its batches instead
/// (`persist`): each counts once the server acknowledged it, which it does after the batch is
/// durable on disk and indexed.
public struct ISCP2BrokerRun: Sendable {
    /// `ws://HOST:PORT/intdash/api/iscp/connect?enc=proto`.
    public let url: String
    /// The access token both connections present: an API key (an administrator's may act as
    /// any node).
    public let token: String

    /// A run against the endpoint at `url`, presenting `token`.
    public init(url: String, token: String) {
        self.url = url
        self.token = token
    }

    /// Runs `workload` and returns what the viewer measured.
    public func run(_ workload: BrokerWorkload) async throws -> BrokerMeasurement {
        let device = UUID().uuidString.lowercased()
        let window = InFlightWindow(limit: workload.window)
        let (ready, readyContinuation) = AsyncStream.makeStream(of: Void.self)
        let result = ResultSlot()
        try await withThrowingTaskGroup(of: Void.self) { tasks in
            tasks.addTask {
                try await watch(device: device, workload: workload, window: window, ready: readyContinuation, result: result)
            }
            var iterator = ready.makeAsyncIterator()
            guard await iterator.next() != nil else { throw BenchmarkError("the viewer never opened its downstream") }
            tasks.addTask { try await send(as: device, workload: workload, window: window) }
            try await tasks.waitForAll()
        }
        guard let measurement = await result.measurement else { throw BenchmarkError("the viewer measured nothing") }
        return measurement
    }

    /// Runs `workload` from a device whose upstream persists into a new measurement, and
    /// returns what its acknowledgements measured: points stored per second and the latency
    /// from a batch's sending to its acknowledgement.
    public func runPersisted(_ workload: BrokerWorkload) async throws -> BrokerMeasurement {
        try await persist(workload).measurement(end: workload.now())
    }

    /// Runs `workload` from a new device (a fresh node id) whose upstream persists into a new
    /// measurement (a fresh session id), and returns what its acknowledgements recorded, on the
    /// workload's clock: several devices sending the same workload at once merge theirs
    /// (``BrokerReceiver/merge(_:)``) into one measurement. Throws unless every point was
    /// acknowledged as stored.
    public func persist(_ workload: BrokerWorkload) async throws -> BrokerReceiver {
        let acknowledgements = AcknowledgementLog()
        try await send(
            as: UUID().uuidString.lowercased(), workload: workload, window: InFlightWindow(limit: workload.window), persisting: acknowledgements)
        let receiver = await acknowledgements.receiver
        guard receiver.points == workload.totalPoints else {
            throw BenchmarkError("\(receiver.points) of \(workload.totalPoints) points were acknowledged")
        }
        return receiver
    }

    /// The device: connects, opens an upstream, sends every batch within the window, closes.
    /// With `acknowledgements`, the upstream persists, and each acknowledged batch is logged
    /// there and frees its place in the window (without, the viewer frees it). A connection
    /// that ends before the upstream closed closes the window, so that the sender stops too.
    private func send(
        as device: String, workload: BrokerWorkload, window: InFlightWindow, persisting acknowledgements: AcknowledgementLog? = nil
    ) async throws {
        let codec = ISCP2MessageCodec()
        try await WebSocketConnection.connect(url: url).run { messages, writer in
            try await writer.send(try codec.encode(connectRequest(node: device)))
            try await withThrowingTaskGroup(of: Void.self) { tasks in
                do {
                    try await receive(
                        messages, writer: writer, codec: codec, workload: workload, window: window, acknowledgements: acknowledgements, tasks: &tasks)
                } catch {
                    await window.close()
                    throw error
                }
                try await tasks.waitForAll()
            }
        }
    }

    /// The device's side of the conversation: opens the upstream once connected, starts the
    /// sender in `tasks` once it is open, logs acknowledgements, answers pings, and returns at
    /// the upstream's close response; throws if the connection ends before it.
    private func receive(
        _ messages: AsyncThrowingStream<ByteBuffer, any Error>, writer: WebSocketConnection.Writer, codec: ISCP2MessageCodec,
        workload: BrokerWorkload, window: InFlightWindow, acknowledgements: AcknowledgementLog?,
        tasks: inout ThrowingTaskGroup<Void, any Error>
    ) async throws {
        for try await buffer in messages {
            switch try codec.decode(Array(buffer.readableBytesView)).message {
            case .connectResponse(let response):
                try check(response.resultCode, response.resultString)
                var open = ISCP2UpstreamOpenRequest()
                open.requestID = 2
                open.sessionID = UUID().uuidString.lowercased()
                open.ackInterval = 100
                open.expiryInterval = 1
                open.qos = .reliable
                open.extensionFields.persist = acknowledgements != nil
                var frame = ISCP2Message()
                frame.upstreamOpenRequest = open
                try await writer.send(try codec.encode(frame))
            case .upstreamOpenResponse(let response):
                try check(response.resultCode, response.resultString)
                let alias = response.assignedStreamIDAlias
                let streamID = response.assignedStreamID
                tasks.addTask {
                    let origin = workload.now()
                    for sequence in 1...UInt32(workload.chunks) {
                        try Task.checkCancellation()
                        let sentAt = try await workload.sendTime(of: sequence, from: origin)
                        await window.acquire()
                        await acknowledgements?.sent(sequence, at: sentAt)
                        let frame = BrokerBatch.upstreamChunkFrame(
                            alias: alias, sequence: sequence, pointsPerChunk: workload.pointsPerChunk, sentAt: sentAt
                        )
                        try await writer.send(frame)
                    }
                    var close = ISCP2UpstreamCloseRequest()
                    close.requestID = 4
                    close.streamID = streamID
                    close.totalDataPoints = UInt64(workload.totalPoints)
                    close.finalSequenceNumber = UInt32(workload.chunks)
                    var frame = ISCP2Message()
                    frame.upstreamCloseRequest = close
                    try await writer.send(try codec.encode(frame))
                }
            case .upstreamChunkAck(let ack):
                guard let acknowledgements else { continue }
                for result in ack.results {
                    try check(result.resultCode, result.resultString)
                    await acknowledgements.acknowledge(result.sequenceNumber, points: workload.pointsPerChunk, at: workload.now())
                    await window.release()
                }
            case .upstreamCloseResponse:
                return
            case .ping(let ping):
                try await writer.send(try codec.encode(Self.pong(answering: ping)))
            default:
                continue
            }
        }
        throw BenchmarkError("the connection ended before the upstream closed")
    }

    /// The viewer: connects, opens a reliable downstream of the device's every data id, and
    /// receives until every point arrived, acknowledging what it received every 100 ms, as a
    /// reliable client does at its `ack_interval`.
    private func watch(
        device: String, workload: BrokerWorkload, window: InFlightWindow, ready: AsyncStream<Void>.Continuation, result: ResultSlot
    ) async throws {
        let codec = ISCP2MessageCodec()
        try await WebSocketConnection.connect(url: url).run { messages, writer in
            try await writer.send(try codec.encode(connectRequest(node: UUID().uuidString.lowercased())))
            var receiver = BrokerReceiver()
            var acknowledgement = ISCP2DownstreamChunkAck()
            var lastAcknowledged = workload.now()
            for try await buffer in messages {
                let bytes = Array(buffer.readableBytesView)
                if let batch = BrokerBatch.readDownstreamChunkFrame(bytes) {
                    let now = workload.now()
                    receiver.record(count: batch.points, sentAt: batch.sentAt, receivedAt: now)
                    await window.release()
                    var received = ISCP2DownstreamChunkResult()
                    received.streamIDOfUpstream = Data(batch.upstreamStreamID ?? [])
                    received.sequenceNumberInUpstream = batch.sequenceNumber
                    acknowledgement.results.append(received)
                    if now - lastAcknowledged >= 100_000_000 {
                        acknowledgement.streamIDAlias = 1
                        acknowledgement.ackID += 1
                        var frame = ISCP2Message()
                        frame.downstreamChunkAck = acknowledgement
                        try await writer.send(try codec.encode(frame))
                        acknowledgement.results = []
                        lastAcknowledged = now
                    }
                    if receiver.points >= workload.totalPoints {
                        await result.set(receiver.measurement(end: workload.now()))
                        return
                    }
                    continue
                }
                switch try codec.decode(bytes).message {
                case .connectResponse(let response):
                    try check(response.resultCode, response.resultString)
                    var filter = ISCP2DownstreamFilter()
                    filter.sourceNodeID = device
                    var dataFilter = ISCP2DataFilter()
                    dataFilter.name = "#"
                    dataFilter.type = "#"
                    filter.dataFilters = [dataFilter]
                    var open = ISCP2DownstreamOpenRequest()
                    open.requestID = 2
                    open.desiredStreamIDAlias = 1
                    open.downstreamFilters = [filter]
                    open.expiryInterval = 1
                    open.qos = .reliable
                    var frame = ISCP2Message()
                    frame.downstreamOpenRequest = open
                    try await writer.send(try codec.encode(frame))
                case .downstreamOpenResponse(let response):
                    try check(response.resultCode, response.resultString)
                    ready.yield()
                case .downstreamChunk:
                    throw BenchmarkError("a downstream chunk the benchmark's reader could not read")
                case .ping(let ping):
                    try await writer.send(try codec.encode(Self.pong(answering: ping)))
                default:
                    continue
                }
            }
        }
    }

    /// The Pong that answers `ping`.
    private static func pong(answering ping: ISCP2Ping) -> ISCP2Message {
        var pong = ISCP2Pong()
        pong.requestID = ping.requestID
        var frame = ISCP2Message()
        frame.pong = pong
        return frame
    }

    /// A ConnectRequest of `node` with the token.
    private func connectRequest(node: String) -> ISCP2Message {
        var request = ISCP2ConnectRequest()
        request.protocolVersion = "2.0.0"
        request.nodeID = node
        request.pingInterval = 10
        request.pingTimeout = 10
        request.extensionFields.accessToken = token
        var message = ISCP2Message()
        message.connectRequest = request
        return message
    }

    private func check(_ code: ISCP2ResultCode, _ text: String) throws {
        guard code == .succeeded else { throw BenchmarkError("the server answered \(code): \(text)") }
    }
}

/// Where the viewer leaves its measurement.
private actor ResultSlot {
    private(set) var measurement: BrokerMeasurement?

    func set(_ measurement: BrokerMeasurement) {
        self.measurement = measurement
    }
}
