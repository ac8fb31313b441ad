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
    /// Chunks to send again before anything new, after a resume.
    private var redeliveries = CircularBuffer<SentChunk>()
    private var dataIDAliases: [TelemetryDataID: UInt32] = [:]
    private var upstreamAliases: [TelemetryUpstream: UInt32] = [:]
    private let codec: ISCP2MessageCodec

    /// Creates the state of a downstream with the data-id aliases the client proposed; it is
    /// not attached to a connection yet.
    init(
        streamID: UUID, subscriptionID: UInt64, ownerNodeID: String, userID: String, expiryInterval: Duration,
        isReliable: Bool, proposedAliases: [UInt32: ISCP2DataID], codec: ISCP2MessageCodec
    ) {
        self.streamID = streamID
        self.subscriptionID = subscriptionID
        self.ownerNodeID = ownerNodeID
        self.userID = userID
        self.expiryInterval = expiryInterval
        self.isReliable = isReliable
        self.codec = codec
        for (alias, dataID) in proposedAliases { dataIDAliases[TelemetryDataID(dataID)] = alias }
    }

    /// Whether a connection of `nodeID` signed in as `userID` may resume the downstream: only
    /// the node and user that opened it may.
    nonisolated func mayBeResumed(byNode nodeID: String, user userID: String) -> Bool {
        ownerNodeID == nodeID && self.userID == userID
    }

    // MARK: Attachment

    /// Sends the stream's messages to `attachment` from now on, starting with the chunks the
    /// client has not acknowledged. ``sendRedeliveries()`` sends those even when no new event
    /// comes.
    func attach(_ attachment: Attachment) {
        self.attachment = attachment
        // Chunks still set aside from an attachment that ended during its redeliveries come
        // after those sent on it.
        redeliveries.insert(contentsOf: unacknowledged, at: redeliveries.startIndex)
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
        for await event in events {
            guard await deliver(event) else { return }
        }
    }

    /// Sends the chunks ``attach(_:)`` set aside for sending again.
    func sendRedeliveries() async {
        await beginSending()
        defer { endSending() }
        _ = await sendPendingRedeliveries()
    }

    /// Queues `event` on the attached connection after any redeliveries, waiting while there is
    /// no connection; an event whose connection ends before it is queued waits for the next
    /// one. `false` once the stream is closed.
    private func deliver(_ event: TelemetryDownstreamEvent) async -> Bool {
        await beginSending()
        defer { endSending() }
        while !isClosed {
            if attachment == nil {
                await withCheckedContinuation { waitingForAttachment = $0 }
                continue
            }
            guard await sendPendingRedeliveries() else { continue }
            if await send(event) { return true }
        }
        return false
    }

    /// Sends the pending redeliveries; `false` when the connection ended before all were queued.
    private func sendPendingRedeliveries() async -> Bool {
        while !redeliveries.isEmpty {
            guard let first = redeliveries.first, await send(first.event) else { return false }
            redeliveries.removeFirst()
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
