import Foundation
import ISCP
import NIOCore

/// One iSCP v2 downstream: it turns the broker events of its subscription into
/// `DownstreamChunk` and `DownstreamMetadata` messages for the connection it is attached to,
/// and it learns the aliases the client assigns.
///
/// The client names things by alias once it has told the server (specs/intdash.md §1.6): data
/// ids by the aliases it proposed in the open request or later listed in a
/// `DownstreamChunkAck`, and upstreams by the aliases an ack's `upstream_aliases` gives them.
/// Until then the full `DataID` and `UpstreamInfo` are sent.
///
/// A downstream outlives the connection that opened it (specs/intdash.md §1.8): when the
/// connection is lost, the downstream is detached and waits in an ``ISCP2ResumeRegistry``
/// for its expiry interval. Its pump then stops taking events, so the broker keeps them for it
/// (up to its buffer limit). A `DownstreamResumeRequest` on a new connection of the same node
/// attaches it there: a `RELIABLE` downstream first sends again the chunks the client had not
/// acknowledged (they may have died with the old socket), then what arrived meanwhile, in
/// order, then goes on live. The aliases the client learned stay valid, as iscp-go expects.
///
/// In a deployment of several instances a resume may reach another instance: the one that
/// keeps the downstream then hands it over (``handOff(leaving:)``, ``ISCP2DownstreamHandoffs``)
/// with its aliases and every event it has not delivered, and the other goes on from there.
actor ISCP2DownstreamState: ISCP2ResumableStream {
    static let kind = "downstream"

    /// Where a downstream's messages go while it is attached.
    struct Attachment: Sendable {
        /// The connection's outbox.
        let outbox: ISCP2Outbox
        /// The connection's ids for server requests (downstream metadata).
        let requestIDs: ISCP2ServerRequestIDs
        /// The alias the client gave the stream on that connection.
        let alias: UInt32
    }

    /// A chunk sent on a reliable downstream and not yet acknowledged by the client.
    private struct SentChunk {
        let upstreamStreamID: UUID
        let sequenceNumber: UInt32
        let event: TelemetryDownstreamEvent
    }

    /// What a downstream hands over to the instance that resumes it: the aliases the client
    /// learnt and the events it is to receive first, in order.
    struct Handoff: Sendable {
        /// The aliases of data ids, as the client assigned them.
        var dataIDAliases: [TelemetryDataID: UInt32]
        /// The aliases of upstreams, as the client assigned them.
        var upstreamAliases: [TelemetryUpstream: UInt32]
        /// The chunks the client had not acknowledged, then what arrived while it was away.
        var events: [TelemetryDownstreamEvent]
    }

    /// How many unacknowledged chunks a reliable downstream keeps for sending again; beyond
    /// it, the oldest are forgotten (a client that never acknowledges cannot grow memory).
    static let unacknowledgedLimit = 1024

    /// The stream's id, as the open response gave it.
    nonisolated let streamID: UUID
    /// The broker subscription that feeds the stream.
    nonisolated let subscriptionID: UInt64
    /// The node that opened the stream; only a connection of the same node may resume it.
    nonisolated let ownerNodeID: String
    /// The user who opened the stream; only the same user may resume it.
    nonisolated let userID: String
    /// How long the stream stays resumable after its connection is lost.
    nonisolated let expiryInterval: Duration
    /// Whether chunks are kept until acknowledged and sent again after a resume.
    nonisolated let isReliable: Bool
    /// What the stream watches, as its broker subscription does.
    nonisolated let filters: [TelemetryDownstreamFilter]

    private var attachment: Attachment?
    private var isClosed = false
    /// The pump, while it waits for an attachment.
    private var waitingForAttachment: CheckedContinuation<Void, Never>?
    /// Whether a task is queueing frames; the others wait, so that frames keep their order.
    private var isSending = false
    private var waitingToSend: [CheckedContinuation<Void, Never>] = []
    /// Chunks sent and not yet acknowledged (reliable downstreams only), oldest first: a ring,
    /// since a client that does not acknowledge has the oldest dropped for every chunk sent.
    private var unacknowledged = CircularBuffer<SentChunk>()
    /// Events to send before anything new: after a resume, the chunks the client had not
    /// acknowledged; after a handoff, what the other instance had not delivered.
    private var backlog = CircularBuffer<TelemetryDownstreamEvent>()
    /// Events the other instance handed over that this instance's own subscription may bring
    /// again, skipped when it does.
    private var handedOver = ISCP2HandedOverEvents()
    /// While the stream is handed over: the events its pump still takes, collected for the
    /// other instance.
    private var handingOver: [TelemetryDownstreamEvent]?
    private var pumpHasEnded = false
    /// ``handOff(leaving:)``, while it waits for the pump to end.
    private var waitingForPumpEnd: CheckedContinuation<Void, Never>?
    private var dataIDAliases: [TelemetryDataID: UInt32] = [:]
    private var upstreamAliases: [TelemetryUpstream: UInt32] = [:]
    private let codec: ISCP2MessageCodec

    /// Creates the state of a downstream with the data-id aliases the client proposed; it is
    /// not attached to a connection yet.
    ///
    /// A downstream another instance handed over comes with its `handoff`, and is fed from
    /// now on by subscription `subscriptionID` of this instance's broker, made before the
    /// handoff: what that subscription brings that the handoff already holds is skipped.
    init(
        streamID: UUID, subscriptionID: UInt64, ownerNodeID: String, userID: String, expiryInterval: Duration,
        isReliable: Bool, filters: [TelemetryDownstreamFilter], proposedAliases: [UInt32: ISCP2DataID], handoff: Handoff? = nil,
        codec: ISCP2MessageCodec
    ) {
        self.streamID = streamID
        self.subscriptionID = subscriptionID
        self.ownerNodeID = ownerNodeID
        self.userID = userID
        self.expiryInterval = expiryInterval
        self.isReliable = isReliable
        self.filters = filters
        self.codec = codec
        for (alias, dataID) in proposedAliases { dataIDAliases[TelemetryDataID(dataID)] = alias }
        if let handoff {
            dataIDAliases.merge(handoff.dataIDAliases) { _, handedOver in handedOver }
            upstreamAliases = handoff.upstreamAliases
            backlog.append(contentsOf: handoff.events)
            handedOver = ISCP2HandedOverEvents(handoff.events)
        }
    }

    /// Whether a connection of `nodeID` signed in as `userID` may resume the downstream: only
    /// the node and user that opened it may.
    nonisolated func mayBeResumed(byNode nodeID: String, user userID: String) -> Bool {
        ownerNodeID == nodeID && self.userID == userID
    }

    // MARK: Attachment

    /// Sends the stream's messages to `attachment` from now on, starting with the chunks the
    /// client has not acknowledged, then the rest of the backlog. ``sendBacklog()`` sends them
    /// even when no new event comes.
    func attach(_ attachment: Attachment) {
        self.attachment = attachment
        // Events still in the backlog from an attachment that ended while sending it come
        // after the chunks sent on it.
        backlog.insert(contentsOf: unacknowledged.map(\.event), at: backlog.startIndex)
        unacknowledged.removeAll(keepingCapacity: true)
        waitingForAttachment?.resume()
        waitingForAttachment = nil
    }

    /// Stops sending to the current connection; events wait for the next attachment.
    func detach() {
        attachment = nil
    }

    /// Ends the stream for good: the pump stops and the broker subscription ends.
    func end(leaving broker: TelemetryBroker) async {
        isClosed = true
        attachment = nil
        waitingForAttachment?.resume()
        waitingForAttachment = nil
        await broker.unsubscribe(subscriptionID)
    }

    /// Ends the stream here for another instance to go on with it: the broker subscription
    /// ends, and what the stream had not delivered — the chunks the client has not
    /// acknowledged, the backlog, and every event the subscription still held — is returned
    /// in order with the aliases. The stream must not be attached.
    func handOff(leaving broker: TelemetryBroker) async -> Handoff {
        attachment = nil
        handingOver = unacknowledged.map(\.event) + backlog
        unacknowledged.removeAll()
        backlog.removeAll()
        waitingForAttachment?.resume()
        waitingForAttachment = nil
        // The subscription's stream finishes once the pump has taken what it held.
        await broker.unsubscribe(subscriptionID)
        if !pumpHasEnded { await withCheckedContinuation { waitingForPumpEnd = $0 } }
        isClosed = true
        defer { handingOver = nil }
        return Handoff(dataIDAliases: dataIDAliases, upstreamAliases: upstreamAliases, events: handingOver ?? [])
    }

    // MARK: Client acknowledgements

    /// Records the aliases a `DownstreamChunkAck` assigns, and forgets the chunks it
    /// acknowledges. An upstream whose stream id is not 16 bytes is ignored: it could never
    /// match an upstream.
    func learn(_ ack: ISCP2DownstreamChunkAck) {
        for (alias, dataID) in ack.dataIDAliases { dataIDAliases[TelemetryDataID(dataID)] = alias }
        for (alias, info) in ack.upstreamAliases {
            guard let streamID = UUID(iscp2StreamID: info.streamID) else { continue }
            let upstream = TelemetryUpstream(streamID: streamID, sessionID: info.sessionID, sourceNodeID: info.sourceNodeID)
            upstreamAliases[upstream] = alias
        }
        guard !unacknowledged.isEmpty, !ack.results.isEmpty else { return }
        var acknowledged: [UUID: Set<UInt32>] = [:]
        for result in ack.results {
            guard let upstream = UUID(iscp2StreamID: result.streamIDOfUpstream) else { continue }
            acknowledged[upstream, default: []].insert(result.sequenceNumberInUpstream)
        }
        unacknowledged.removeAll { acknowledged[$0.upstreamStreamID]?.contains($0.sequenceNumber) == true }
    }

    // MARK: Sending

    /// Delivers every event of `events`, in order, to the connection the stream is attached
    /// to, until the stream finishes (on unsubscribe) or is closed.
    func pump(_ events: AsyncStream<TelemetryDownstreamEvent>) async {
        defer {
            pumpHasEnded = true
            waitingForPumpEnd?.resume()
            waitingForPumpEnd = nil
        }
        for await event in events {
            guard await deliver(event) else { return }
        }
    }

    /// Sends the backlog even when no new event comes.
    func sendBacklog() async {
        await beginSending()
        defer { endSending() }
        _ = await sendPendingBacklog()
    }

    /// Queues `event` on the attached connection after the backlog, waiting while there is no
    /// connection; an event whose connection ends before it is queued waits for the next one,
    /// and one handed over to another instance goes with the handoff (an event that the
    /// handoff already brought is skipped). `false` once the stream is closed.
    private func deliver(_ event: TelemetryDownstreamEvent) async -> Bool {
        await beginSending()
        defer { endSending() }
        if handedOver.remove(event) { return true }
        while !isClosed {
            if handingOver != nil {
                handingOver?.append(event)
                return true
            }
            if attachment == nil {
                await withCheckedContinuation { waitingForAttachment = $0 }
                continue
            }
            guard await sendPendingBacklog() else { continue }
            if await send(event) { return true }
        }
        return false
    }

    /// Sends the backlog; `false` when the connection ended before all of it was queued.
    private func sendPendingBacklog() async -> Bool {
        while let first = backlog.first {
            guard await send(first) else { return false }
            backlog.removeFirst()
        }
        return true
    }

    /// Queues `event` on the attached connection; `false` when there is none or it ended
    /// before the event was queued.
    private func send(_ event: TelemetryDownstreamEvent) async -> Bool {
        guard let attachment else { return false }
        guard let frame = frame(for: event, alias: attachment.alias, requestIDs: attachment.requestIDs) else { return true }
        guard await attachment.outbox.enqueueBulk(frame) else {
            if self.attachment?.outbox === attachment.outbox { self.attachment = nil }
            return false
        }
        if isReliable, case .chunk(let chunk) = event {
            // Queued on a connection that was lost while the stream was handed over: the
            // client may not have it.
            if handingOver != nil {
                handingOver?.append(event)
                return true
            }
            if unacknowledged.count >= Self.unacknowledgedLimit { unacknowledged.removeFirst() }
            unacknowledged.append(SentChunk(upstreamStreamID: chunk.upstream.streamID, sequenceNumber: chunk.sequenceNumber, event: event))
        }
        return true
    }

    private func beginSending() async {
        while isSending {
            await withCheckedContinuation { waitingToSend.append($0) }
        }
        isSending = true
    }

    private func endSending() {
        isSending = false
        if !waitingToSend.isEmpty { waitingToSend.removeFirst().resume() }
    }

    // MARK: Frames

    /// The frame that delivers `event` on this stream as alias `alias`: chunks are written
    /// straight from the broker's chunk (``ISCP2DownstreamChunkWriter``), metadata through the
    /// codec.
    func frame(for event: TelemetryDownstreamEvent, alias: UInt32, requestIDs: ISCP2ServerRequestIDs) -> [UInt8]? {
        switch event {
        case .chunk(let chunk):
            let upstream: ISCP2DownstreamChunkWriter.Upstream = upstreamAliases[chunk.upstream].map { .alias($0) } ?? .info(chunk.upstream)
            return ISCP2DownstreamChunkWriter.frame(streamAlias: alias, upstream: upstream, chunk: chunk) { dataIDAliases[$0] }
        case .metadata(let metadata, let sourceNodeID):
            var downstreamMetadata = ISCP2DownstreamMetadata()
            downstreamMetadata.requestID = requestIDs.take()
            downstreamMetadata.streamIDAlias = alias
            downstreamMetadata.sourceNodeID = sourceNodeID
            downstreamMetadata.metadata = ISCP2DownstreamMetadata.OneOf_Metadata(metadata)
            return codec.frame(ISCP2Message(.downstreamMetadata(downstreamMetadata)))
        }
    }
}
