import Accounts
import Foundation
import HummingbirdWebSocket
import ISCP
import Logging
import NIOCore
import NIOWebSocket

/// One iSCP 1.0 WebSocket connection after its upgrade: reads the client's elements in order
/// and answers them, moves units between the connection's streams and the broker, and stores
/// sections through the recorder.
///
/// One reader handles the elements, so the connection's state needs no lock; it waits for the
/// recorder (a section is acknowledged only once it is stored), which holds back only this
/// client. What the server sends goes through an ``ISCP1OutboundQueue`` to one writer task, and
/// each downstream has a forwarder task of its own, so a slow viewer never stalls the reader.
struct ISCP1Connection {
    /// A downstream and the task that feeds it.
    struct Downstream {
        /// The downstream.
        let downstream: ISCP1OpenDownstream
        /// The task that turns its broker events into queued units.
        let forwarder: Task<Void, Never>
    }

    /// Why the server closes a connection, and the close frame that says so.
    struct Closing: Error {
        /// The WebSocket close code.
        let code: WebSocketErrorCode
        /// The reason sent in the close frame.
        let reason: String
    }

    /// The largest WebSocket message accepted, as the server's frame limit.
    static let maximumMessageBytes = 16 << 20
    /// The most memory one open section may take before the connection is closed.
    static let sectionByteLimit = 64 << 20
    /// The size at which the units received so far are published before the message ends.
    static let publishBytes = 256 << 10

    /// Who connected.
    let principal: Principal
    let broker: TelemetryBroker
    let access: TelemetryAccess
    let recorder: (any TelemetryRecording)?
    let logger: Logger
    /// Where the connection's tasks prefer to run: its channel's event loop
    /// (Storage's `EventLoopTaskExecutor`), or `nil` for the global executor.
    let executor: (any TaskExecutor)?
    /// What the server sends.
    let outbound: ISCP1OutboundQueue
    /// The open upstreams by stream id.
    var upstreams: [UInt8: ISCP1OpenUpstream] = [:]
    /// The open downstreams by stream id.
    var downstreams: [UInt8: Downstream] = [:]

    /// Serves a connection of `principal` until the client closes it, the server shuts down,
    /// or the client sends something that ends it. Rethrows what ended the inbound stream (a
    /// message over the size limit, say), so that the WebSocket closes with its code.
    ///
    /// Once the connection ends, what is queued for the client is written for at most
    /// `writerGracePeriod`; then `channel`, the upgraded connection's, is closed.
    static func serve(
        inbound: WebSocketInboundStream,
        outbound writer: WebSocketOutboundWriter,
        channel: any Channel,
        writerGracePeriod: Duration,
        principal: Principal,
        broker: TelemetryBroker,
        access: TelemetryAccess,
        recorder: (any TelemetryRecording)?,
        executor: (any TaskExecutor)?,
        logger: Logger
    ) async throws {
        let outbound = ISCP1OutboundQueue()
        var connection = ISCP1Connection(
            principal: principal, broker: broker, access: access, recorder: recorder, logger: logger, executor: executor, outbound: outbound
        )
        let ending = await withTaskExecutorPreference(executor) {
            let writing = Task(executorPreference: executor) { await write(outbound, to: writer, logger: logger) }
            let ending = await connection.read(inbound)
            await connection.end()
            outbound.finish()
            // A client that has not read what is still queued when the grace period ends loses
            // it: closing the channel fails the write the writer waits on.
            await WriterGracePeriod.wait(for: writing, upTo: writerGracePeriod) { channel.close(promise: nil) }
            return ending
        }
        switch ending {
        case .success(nil):
            return
        case .success(let closing?):
            logger.notice("iSCP 1.0 connection closed by the server", metadata: ["reason": "\(closing.reason)"])
            try? await writer.close(closing.code, reason: closing.reason)
        case .failure(let error):
            logger.debug("iSCP 1.0 connection ended", metadata: ["error": "\(error)"])
            throw error
        }
    }

    /// Writes what `outbound` gathers until it finishes, or until the connection fails.
    private static func write(_ outbound: ISCP1OutboundQueue, to writer: WebSocketOutboundWriter, logger: Logger) async {
        while let message = await outbound.nextMessage() {
            do {
                try await writer.write(.binary(ByteBuffer(bytes: message)))
            } catch {
                logger.debug("iSCP 1.0 connection could not be written to", metadata: ["error": "\(error)"])
                outbound.finish()
                return
            }
        }
    }

    /// Handles every message until the inbound stream ends; returns how to close when the
    /// client must be disconnected, or what ended the stream.
    private mutating func read(_ inbound: WebSocketInboundStream) async -> Result<Closing?, any Error> {
        do {
            for try await message in inbound.messages(maxSize: Self.maximumMessageBytes) {
                guard case .binary(let buffer) = message else {
                    return .success(Closing(code: .unacceptableData, reason: "iSCP 1.0 messages are binary"))
                }
                let elements: [ISCP1Element]
                switch Self.decode(Array(buffer.readableBytesView)) {
                case .success(let decoded): elements = decoded
                case .failure(let error): return .success(Closing(code: .protocolError, reason: "malformed iSCP 1.0 message: \(error)"))
                }
                for element in elements {
                    if let closing = await handle(element) {
                        await publishUnpublishedPoints()
                        return .success(closing)
                    }
                }
                await publishUnpublishedPoints()
                if outbound.isOverflowing {
                    return .success(Closing(code: .policyViolation, reason: "the client does not read what the server sends"))
                }
            }
        } catch {
            return .failure(error)
        }
        return .success(nil)
    }

    /// The elements of `message`, or why it is malformed.
    private static func decode(_ message: [UInt8]) -> Result<[ISCP1Element], ISCP1DecodingError> {
        do {
            return .success(try ISCP1Decoder().decode(message))
        } catch {
            return .failure(error)
        }
    }

    /// Handles one element, in the order the client sent it.
    private mutating func handle(_ element: ISCP1Element) async -> Closing? {
        if case .unit(let unit) = element, unit.rawDataType != ISCP1DataType.baseTime.rawValue {
            return await receive(unit)
        }
        // Everything else is ordered after the units before it reach the broker.
        await publishUnpublishedPoints()
        switch element {
        case .unit(let unit): await receiveBaseTime(unit)
        case .measurementIDRequest(let request): await answer(request)
        case .upstreamSpecRequest(let request): await answer(request)
        case .downstreamSpecRequest(let request): await answer(request)
        case .downstreamFilterRequest(let request): answer(request)
        case .startOfSection(let marker): startSection(marker)
        case .endOfSection(let marker): await endSection(marker)
        case .upstreamSpecResponse, .downstreamSpecResponse, .downstreamFilterResponse, .measurementIDResponse, .sectionAck:
            logger.debug("iSCP 1.0 client sent a server element; ignored", metadata: ["element": "\(element.elementType)"])
        }
        return nil
    }

    /// Answers a measurement ID request: a new measurement of the edge, when the principal may
    /// act as it and measurements can be stored.
    private func answer(_ request: ISCP1MeasurementIDRequest) async {
        let edgeID = request.edgeUUID.uuidString.lowercased()
        var response = ISCP1MeasurementIDResponse(requestID: request.requestID, resultCode: .ng, measurementUUID: Self.nullUUID)
        if let recorder, await mayActAsNode(edgeID) {
            do {
                response.measurementUUID = try await recorder.createMeasurement(edgeID: edgeID)
                response.resultCode = .ok
            } catch {
                logger.error("iSCP 1.0 could not create a measurement", metadata: ["edge": "\(edgeID)", "error": "\(error)"])
            }
        } else if recorder == nil {
            logger.notice("iSCP 1.0 measurement ID request refused: this server stores no measurements")
        }
        send(.measurementIDResponse(response))
    }

    /// Unsubscribes the downstreams and reports the upstreams still open as lost, once the
    /// connection is over.
    private mutating func end() async {
        for (_, open) in upstreams {
            if let section = open.section {
                logger.debug(
                    "iSCP 1.0 section dropped unacknowledged with its connection",
                    metadata: ["iscp1.stream": "\(open.streamID)", "serial": "\(section.serialNumber)"])
            }
            await broker.publish(.upstreamLost(open.upstream), from: open.upstream.sourceNodeID)
        }
        upstreams = [:]
        let forwarders = downstreams.values.map(\.forwarder)
        for (_, open) in downstreams {
            await broker.unsubscribe(open.downstream.subscriptionID)
        }
        downstreams = [:]
        outbound.finish()
        for forwarder in forwarders { await forwarder.value }
    }

    // MARK: Helpers of the element handlers

    /// The null UUID, which closes streams and stands for a failed measurement.
    static let nullUUID = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))

    /// Queues `element` for the client.
    func send(_ element: ISCP1Element) {
        do {
            outbound.enqueue(try ISCP1Encoder().encode([element]))
        } catch {
            logger.error("iSCP 1.0 could not encode an element", metadata: ["element": "\(element.elementType)", "error": "\(error)"])
        }
    }

    /// Whether the principal may send as `nodeID`; `false` when that cannot be checked.
    func mayActAsNode(_ nodeID: String) async -> Bool {
        do {
            return try await access.mayActAsNode(principal, nodeID)
        } catch {
            logger.error("iSCP 1.0 could not check a node permission", metadata: ["node": "\(nodeID)", "error": "\(error)"])
            return false
        }
    }

    /// Whether the principal may watch `nodeID`; `false` when that cannot be checked.
    func mayWatchNode(_ nodeID: String) async -> Bool {
        do {
            return try await access.mayWatchNode(principal, nodeID)
        } catch {
            logger.error("iSCP 1.0 could not check a node permission", metadata: ["node": "\(nodeID)", "error": "\(error)"])
            return false
        }
    }
}
