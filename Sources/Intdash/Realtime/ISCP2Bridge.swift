import Foundation
import ISCP
import Locking

/// The realtime channel of a client set to ``IntdashClient/RealtimeProtocol/iscp2``: it takes
/// the iSCP 1.0 elements the stream managers send and speaks iSCP v2 to the server for them,
/// and turns what the server sends back into iSCP 1.0 elements (specs/intdash.md §1).
///
/// So the managers work the same over both protocols:
/// - A measurement id request is answered here with a new UUID: an iSCP v2 upstream names its
///   own session, and the server makes the measurement when the first upstream stores into it.
/// - An upstream spec opens an iSCP v2 upstream of the measurement's session, with `persist`
///   when the spec says `store`; after a reconnection it resumes the upstream the stream had,
///   when the server still keeps it, else opens a new one. A null spec closes it.
/// - A section becomes one chunk whose sequence number is the section's serial number plus 1
///   (0 is no sequence number the server stores); the chunk's ack becomes the section's ack.
///   A final section's ack waits for the answer to the close that follows it, so that once
///   it arrives the measurement is stored and ended, as a final ack says over iSCP 1.0.
///   Units become data points as ``ISCP2UnitMapping`` says; a BaseTime unit becomes base-time
///   metadata. A final section's upstream is closed with `close_session` when it stores, which
///   ends the measurement as a final EOS does over iSCP 1.0.
/// - A downstream spec opens an iSCP v2 downstream of the source edge; filters open it again
///   with data-id filters, and the bridge also applies the iSCP 1.0 filters to what arrives.
///   Data points become units, base-time metadata becomes BaseTime units. After a
///   reconnection it resumes the downstream the stream had, when the server still keeps it:
///   what the source sent meanwhile arrives then (up to the server's buffer), instead of a
///   gap. Filters equal to those of the resumed downstream leave it as it is.
final class ISCP2Bridge: RealtimeChannel {
    /// How long the server keeps a lost upstream or downstream resumable, in seconds.
    static let expiryInterval: UInt32 = 120

    /// An iSCP v2 upstream open for an iSCP 1.0 stream.
    private struct Upstream: Sendable {
        let streamID: UUID
        let alias: UInt32
        let sessionID: String
        let persists: Bool
    }

    /// An iSCP 1.0 downstream and the iSCP v2 downstream that serves it.
    private struct Downstream: Sendable {
        let sourceNodeID: String
        var streamID: UUID?
        var filters: [ISCP1DataFilter] = []
    }

    /// A final section sent as a chunk, whose ack waits for the answer to its upstream's close.
    private struct FinalSection: Sendable {
        let streamID: UInt8
        let alias: UInt32
        let sequenceNumber: UInt32
        /// Whether the server stored the chunk, once its ack arrived.
        var stored: Bool?
        /// Whether the server closed the upstream (and ended the session), once it answered.
        var closed: Bool?
    }

    private struct State: Sendable {
        var connection: ISCP2ClientConnection?
        var upstreams: [UInt8: Upstream] = [:]
        /// The iSCP 1.0 stream of each upstream alias this connection was given.
        var upstreamStreams: [UInt32: UInt8] = [:]
        /// The units of each stream's current section.
        var sections: [UInt8: [ISCP1Unit]] = [:]
        var downstreams: [UInt8: Downstream] = [:]
        /// The final sections waiting for their acks and closes, by the close's request id.
        var finalSections: [UInt32: FinalSection] = [:]
        var isOver = false
    }

    private let state = LockedValue(State())
    private let resumableUpstreams: ISCP2ResumableStreams<String>
    private let resumableDownstreams: ISCP2ResumableStreams<ISCP2DownstreamSubject>
    private let deliver: @Sendable ([ISCP1Element]) -> Void

    private init(
        resumableUpstreams: ISCP2ResumableStreams<String>, resumableDownstreams: ISCP2ResumableStreams<ISCP2DownstreamSubject>,
        deliver: @escaping @Sendable ([ISCP1Element]) -> Void
    ) {
        self.resumableUpstreams = resumableUpstreams
        self.resumableDownstreams = resumableDownstreams
        self.deliver = deliver
    }

    /// Connects to the iSCP v2 endpoint `url` as node `nodeID` with `accessToken`.
    ///
    /// - Parameters:
    ///   - resumableUpstreams: The upstreams earlier connections of the client left, by
    ///     session, to resume.
    ///   - resumableDownstreams: The downstreams earlier connections left, to resume.
    ///   - deliver: Gets what the server sends, as iSCP 1.0 elements, in order.
    ///   - onEnd: Called once when the connection is over, with the error that ended it.
    static func open(
        url: String, accessToken: String, nodeID: String, resumableUpstreams: ISCP2ResumableStreams<String>,
        resumableDownstreams: ISCP2ResumableStreams<ISCP2DownstreamSubject>,
        deliver: @escaping @Sendable ([ISCP1Element]) -> Void, onEnd: @escaping @Sendable ((any Error)?) -> Void
    ) async throws -> ISCP2Bridge {
        let bridge = ISCP2Bridge(resumableUpstreams: resumableUpstreams, resumableDownstreams: resumableDownstreams, deliver: deliver)
        let connection = try await ISCP2ClientConnection.open(
            url: url, accessToken: accessToken, nodeID: nodeID,
            onMessage: { [weak bridge] message in bridge?.receive(message) },
            onEnd: { [weak bridge] error in
                bridge?.end()
                onEnd(error)
            }
        )
        bridge.state.withLock { $0.connection = connection }
        return bridge
    }

    /// Translates `bytes`, whole iSCP 1.0 elements, into iSCP v2 messages.
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        guard !state.withLock({ $0.isOver }), let elements = try? IntdashPacketHelper.decode(bytes) else { return false }
        for element in elements { forward(element) }
        return true
    }

    /// Says goodbye to the server, sends what is queued and closes the connection.
    func close() async {
        let connection = state.withLock { $0.connection }
        end()
        await connection?.close()
    }

    // MARK: Requests

    /// Sends the request `make` builds with a fresh request id and returns the answer.
    private func request(_ make: (UInt32) -> ISCP2Message.OneOf_Message) async throws -> ISCP2Message {
        guard let connection = state.withLock({ $0.connection }) else { throw RealtimeLink.NotConnected() }
        return try await connection.request(make)
    }

    /// Queues a message; `false` when it cannot be encoded or the connection is over.
    @discardableResult
    private func write(_ body: ISCP2Message.OneOf_Message) -> Bool {
        state.withLock { $0.connection }?.send(body) ?? false
    }

    /// A fresh request id for a message whose answer nobody waits for.
    private func takeRequestID() -> UInt32 {
        state.withLock { $0.connection }?.nextRequestID() ?? 0
    }

    /// Marks the bridge over: what the managers send from now on is refused.
    private func end() {
        state.withLock { state in
            state.isOver = true
            state.finalSections = [:]
        }
    }

    // MARK: From the managers

    /// Does what `element`, sent by a manager, asks.
    private func forward(_ element: ISCP1Element) {
        switch element {
        case .measurementIDRequest(let request):
            deliver([.measurementIDResponse(ISCP1MeasurementIDResponse(requestID: request.requestID, resultCode: .ok, measurementUUID: UUID()))])
        case .upstreamSpecRequest(let request):
            Task {
                let success = await self.apply(request.specs)
                self.deliver([.upstreamSpecResponse(ISCP1Response(requestID: request.requestID, resultCode: success ? .ok : .ng))])
            }
        case .downstreamSpecRequest(let request):
            Task {
                let success = await self.apply(request.specs)
                self.deliver([.downstreamSpecResponse(ISCP1Response(requestID: request.requestID, resultCode: success ? .ok : .ng))])
            }
        case .downstreamFilterRequest(let request):
            Task {
                let success = await self.apply(request.streamFilters)
                self.deliver([.downstreamFilterResponse(ISCP1Response(requestID: request.requestID, resultCode: success ? .ok : .ng))])
            }
        case .startOfSection(let start):
            state.withLock { $0.sections[start.streamID] = [] }
        case .unit(let unit) where unit.rawDataType == ISCP1DataType.baseTime.rawValue:
            sendBaseTime(unit)
        case .unit(let unit):
            state.withLock { $0.sections[unit.streamID, default: []].append(unit) }
        case .endOfSection(let end):
            sendSection(end)
        case .upstreamSpecResponse, .downstreamSpecResponse, .downstreamFilterResponse, .measurementIDResponse, .sectionAck:
            break
        }
    }

    /// Opens, resumes or (null specs) closes the upstreams of `specs`; whether all succeeded.
    private func apply(_ specs: [ISCP1UpstreamSpec]) async -> Bool {
        var success = true
        for spec in specs {
            if spec.measurementUUID == IntdashClient.UpstreamManager.nullUUID {
                success = await closeUpstream(of: spec.streamID, closingSession: false) && success
            } else if state.withLock({ $0.upstreams[spec.streamID] == nil }) {
                success = await openUpstream(spec) && success
            }
        }
        return success
    }

    /// Resumes the upstream stream `spec.streamID` had on an earlier connection, else opens one.
    private func openUpstream(_ spec: ISCP1UpstreamSpec) async -> Bool {
        let sessionID = spec.measurementUUID.uuidString.lowercased()
        if let earlier = resumableUpstreams.entry(of: spec.streamID), earlier.subject == sessionID {
            let answer = try? await request { id in
                var request = ISCP2UpstreamResumeRequest()
                request.requestID = id
                request.streamID = earlier.streamID.iscp2StreamID
                return .upstreamResumeRequest(request)
            }
            if case .upstreamResumeResponse(let response)? = answer?.message, response.resultCode == .succeeded {
                attach(
                    Upstream(streamID: earlier.streamID, alias: response.assignedStreamIDAlias, sessionID: sessionID, persists: spec.store),
                    as: spec.streamID)
                return true
            }
        }
        let answer = try? await request { id in
            var request = ISCP2UpstreamOpenRequest()
            request.requestID = id
            request.sessionID = sessionID
            request.ackInterval = 100
            request.expiryInterval = Self.expiryInterval
            request.qos = .reliable
            request.extensionFields.persist = spec.store
            return .upstreamOpenRequest(request)
        }
        guard case .upstreamOpenResponse(let response)? = answer?.message, response.resultCode == .succeeded,
            let streamID = UUID(iscp2StreamID: response.assignedStreamID)
        else { return false }
        attach(Upstream(streamID: streamID, alias: response.assignedStreamIDAlias, sessionID: sessionID, persists: spec.store), as: spec.streamID)
        return true
    }

    /// Records `upstream` as the one of stream `streamID`.
    private func attach(_ upstream: Upstream, as streamID: UInt8) {
        state.withLock { state in
            state.upstreams[streamID] = upstream
            state.upstreamStreams[upstream.alias] = streamID
        }
        resumableUpstreams.remember(upstream.streamID, of: streamID, subject: upstream.sessionID)
    }

    /// Closes the upstream of stream `streamID`, if it has one, ending its session when
    /// `closingSession` and it stores.
    private func closeUpstream(of streamID: UInt8, closingSession: Bool) async -> Bool {
        guard let upstream = detachUpstream(of: streamID) else { return true }
        let answer = try? await request { id in .upstreamCloseRequest(Self.closeRequest(of: upstream, requestID: id, closingSession: closingSession))
        }
        guard case .upstreamCloseResponse(let response)? = answer?.message else { return false }
        return response.resultCode == .succeeded
    }

    /// Forgets the upstream of stream `streamID` and returns it.
    private func detachUpstream(of streamID: UInt8) -> Upstream? {
        resumableUpstreams.forget(streamID)
        return state.withLock { $0.upstreams.removeValue(forKey: streamID) }
    }

    /// The request that closes `upstream`.
    private static func closeRequest(of upstream: Upstream, requestID: UInt32, closingSession: Bool) -> ISCP2UpstreamCloseRequest {
        var request = ISCP2UpstreamCloseRequest()
        request.requestID = requestID
        request.streamID = upstream.streamID.iscp2StreamID
        request.extensionFields.closeSession = closingSession && upstream.persists
        return request
    }

    /// Sends a BaseTime unit as base-time metadata of its stream's session.
    private func sendBaseTime(_ unit: ISCP1Unit) {
        guard let upstream = state.withLock({ $0.upstreams[unit.streamID] }),
            let baseTime = ISCP2UnitMapping.baseTime(of: unit, sessionID: upstream.sessionID)
        else { return }
        var metadata = ISCP2UpstreamMetadata()
        metadata.requestID = takeRequestID()
        metadata.baseTime = baseTime
        metadata.extensionFields.persist = upstream.persists
        write(.upstreamMetadata(metadata))
    }

    /// Sends the section `end` ends as one chunk; closes the upstream after a final one.
    private func sendSection(_ end: ISCP1EndOfSection) {
        let (upstream, units) = state.withLock { state in (state.upstreams[end.streamID], state.sections.removeValue(forKey: end.streamID) ?? []) }
        guard let upstream else { return }
        var groups: [ISCP2DataPointGroup] = []
        var groupIndex: [ISCP2DataID: Int] = [:]
        for unit in units {
            guard let (dataID, point) = ISCP2UnitMapping.dataPoint(of: unit) else { continue }
            if let index = groupIndex[dataID] {
                groups[index].dataPoints.append(point)
            } else {
                groupIndex[dataID] = groups.count
                var group = ISCP2DataPointGroup()
                group.dataID = dataID
                group.dataPoints = [point]
                groups.append(group)
            }
        }
        var streamChunk = ISCP2StreamChunk()
        streamChunk.sequenceNumber = end.serialNumber &+ 1
        streamChunk.dataPointGroups = groups
        var chunk = ISCP2UpstreamChunk()
        chunk.streamIDAlias = upstream.alias
        chunk.streamChunk = streamChunk
        guard end.isFinal, let closed = detachUpstream(of: end.streamID) else {
            write(.upstreamChunk(chunk))
            return
        }
        let closeID = takeRequestID()
        state.withLock { state in
            state.finalSections[closeID] = FinalSection(streamID: end.streamID, alias: upstream.alias, sequenceNumber: streamChunk.sequenceNumber)
        }
        write(.upstreamChunk(chunk))
        // Queued right behind the chunk, so the server stores the chunk before it ends the session.
        write(.upstreamCloseRequest(Self.closeRequest(of: closed, requestID: closeID, closingSession: true)))
    }

    /// Records what the server said of a final section (its chunk's ack, its close's answer)
    /// and delivers the section's ack once both are known.
    private func settleFinalSection(closeID: UInt32, _ change: (inout FinalSection) -> Void) {
        let settled = state.withLock { state -> FinalSection? in
            guard var section = state.finalSections[closeID] else { return nil }
            change(&section)
            guard section.stored != nil, section.closed != nil else {
                state.finalSections[closeID] = section
                return nil
            }
            state.finalSections[closeID] = nil
            return section
        }
        guard let settled else { return }
        let success = settled.stored == true && settled.closed == true
        deliver([.sectionAck(ISCP1SectionAck(streamID: settled.streamID, resultCode: success ? .ok : .ng, serialNumber: settled.sequenceNumber &- 1))]
        )
    }

    /// Opens or (null specs) closes the downstreams of `specs`; whether all succeeded.
    private func apply(_ specs: [ISCP1DownstreamSpec]) async -> Bool {
        var success = true
        for spec in specs {
            success = await closeDownstream(of: spec.streamID) && success
            if spec.sourceEdgeUUID == IntdashClient.UpstreamManager.nullUUID {
                resumableDownstreams.forget(spec.streamID)
                state.withLock { _ = $0.downstreams.removeValue(forKey: spec.streamID) }
            } else {
                let sourceNodeID = spec.sourceEdgeUUID.uuidString.lowercased()
                state.withLock { $0.downstreams[spec.streamID] = Downstream(sourceNodeID: sourceNodeID) }
                if await !resumeDownstream(of: spec.streamID, from: sourceNodeID) {
                    success = await openDownstream(of: spec.streamID) && success
                }
            }
        }
        return success
    }

    /// Gives the downstreams of `filters` their new filters: each is opened again with them.
    private func apply(_ filters: [ISCP1StreamFilter]) async -> Bool {
        var success = true
        for filter in filters {
            let current = state.withLock { $0.downstreams[filter.streamID] }
            guard let current else { continue }
            if current.streamID != nil, current.filters == filter.dataFilters { continue }
            success = await closeDownstream(of: filter.streamID) && success
            state.withLock { $0.downstreams[filter.streamID]?.filters = filter.dataFilters }
            success = await openDownstream(of: filter.streamID) && success
        }
        return success
    }

    /// Opens the iSCP v2 downstream of stream `streamID`, with its filters (all data when none).
    private func openDownstream(of streamID: UInt8) async -> Bool {
        guard let downstream = state.withLock({ $0.downstreams[streamID] }) else { return false }
        var filter = ISCP2DownstreamFilter()
        filter.sourceNodeID = downstream.sourceNodeID
        if downstream.filters.isEmpty {
            var all = ISCP2DataFilter()
            all.name = "#"
            all.type = "#"
            filter.dataFilters = [all]
        } else {
            filter.dataFilters = downstream.filters.flatMap(ISCP2UnitMapping.dataFilters)
        }
        let answer = try? await request { id in
            var request = ISCP2DownstreamOpenRequest()
            request.requestID = id
            request.desiredStreamIDAlias = UInt32(streamID)
            request.downstreamFilters = [filter]
            request.expiryInterval = Self.expiryInterval
            request.qos = .unreliable
            return .downstreamOpenRequest(request)
        }
        guard case .downstreamOpenResponse(let response)? = answer?.message, response.resultCode == .succeeded,
            let id = UUID(iscp2StreamID: response.assignedStreamID)
        else { return false }
        state.withLock { $0.downstreams[streamID]?.streamID = id }
        resumableDownstreams.remember(
            id, of: streamID, subject: ISCP2DownstreamSubject(sourceNodeID: downstream.sourceNodeID, filters: downstream.filters))
        return true
    }

    /// Resumes the downstream stream `streamID` had on an earlier connection, if it watched
    /// `sourceNodeID` and the server still keeps it; whether it did. The stream takes the
    /// filters the resumed downstream has.
    private func resumeDownstream(of streamID: UInt8, from sourceNodeID: String) async -> Bool {
        guard let earlier = resumableDownstreams.entry(of: streamID) else { return false }
        guard earlier.subject.sourceNodeID == sourceNodeID else {
            resumableDownstreams.forget(streamID)
            return false
        }
        let answer = try? await request { id in
            var request = ISCP2DownstreamResumeRequest()
            request.requestID = id
            request.streamID = earlier.streamID.iscp2StreamID
            request.desiredStreamIDAlias = UInt32(streamID)
            return .downstreamResumeRequest(request)
        }
        guard case .downstreamResumeResponse(let response)? = answer?.message, response.resultCode == .succeeded else {
            resumableDownstreams.forget(streamID)
            return false
        }
        state.withLock { state in
            state.downstreams[streamID]?.streamID = earlier.streamID
            state.downstreams[streamID]?.filters = earlier.subject.filters
        }
        return true
    }

    /// Closes the iSCP v2 downstream of stream `streamID`, if one is open.
    private func closeDownstream(of streamID: UInt8) async -> Bool {
        let open = state.withLock { state -> UUID? in
            defer { state.downstreams[streamID]?.streamID = nil }
            return state.downstreams[streamID]?.streamID
        }
        guard let open else { return true }
        resumableDownstreams.forget(streamID)
        let answer = try? await request { id in
            var request = ISCP2DownstreamCloseRequest()
            request.requestID = id
            request.streamID = open.iscp2StreamID
            return .downstreamCloseRequest(request)
        }
        guard case .downstreamCloseResponse(let response)? = answer?.message else { return false }
        return response.resultCode == .succeeded
    }

    // MARK: From the server

    /// Handles one message from the server that no request waits for.
    private func receive(_ message: ISCP2Message) {
        switch message.message {
        case .upstreamCloseResponse(let response):
            settleFinalSection(closeID: response.requestID) { $0.closed = response.resultCode == .succeeded }
        case .upstreamChunkAck(let ack):
            guard let streamID = state.withLock({ $0.upstreamStreams[ack.streamIDAlias] }) else { return }
            var acks: [ISCP1Element] = []
            for result in ack.results {
                let stored = result.resultCode == .succeeded
                let finalClose = state.withLock { state in
                    state.finalSections.first { $0.value.alias == ack.streamIDAlias && $0.value.sequenceNumber == result.sequenceNumber }?.key
                }
                if let finalClose {
                    if !acks.isEmpty { deliver(acks) }
                    acks = []
                    settleFinalSection(closeID: finalClose) { $0.stored = stored }
                } else {
                    acks.append(
                        .sectionAck(ISCP1SectionAck(streamID: streamID, resultCode: stored ? .ok : .ng, serialNumber: result.sequenceNumber &- 1)))
                }
            }
            if !acks.isEmpty { deliver(acks) }
        case .downstreamChunk(let chunk):
            deliver(units(of: chunk).map { .unit($0) })
        case .downstreamMetadata(let metadata):
            guard case .baseTime(let baseTime)? = metadata.metadata, let streamID = UInt8(exactly: metadata.streamIDAlias),
                let unit = ISCP2UnitMapping.unit(baseTime: baseTime, streamID: streamID)
            else { return }
            deliver([.unit(unit)])
        default:
            break
        }
    }

    /// The units of `chunk` its downstream's iSCP 1.0 filters let through.
    private func units(of chunk: ISCP2DownstreamChunk) -> [ISCP1Unit] {
        guard let streamID = UInt8(exactly: chunk.streamIDAlias), let downstream = state.withLock({ $0.downstreams[streamID] }) else { return [] }
        let filter = ISCP1StreamFilter(streamID: streamID, dataFilters: downstream.filters)
        var units: [ISCP1Unit] = []
        for group in chunk.streamChunk.dataPointGroups {
            guard case .dataID(let dataID)? = group.dataIDOrAlias else { continue }
            for point in group.dataPoints {
                guard let unit = ISCP2UnitMapping.unit(dataID: dataID, point: point, streamID: streamID) else { continue }
                if downstream.filters.isEmpty || filter.passes(unit) { units.append(unit) }
            }
        }
        return units
    }
}
