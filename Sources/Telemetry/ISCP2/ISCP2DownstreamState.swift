import Foundation
import ISCP

/// One open iSCP v2 downstream: it turns the broker events of its subscription into
/// `DownstreamChunk` and `DownstreamMetadata` messages and hands them to the connection's
/// outbox, and it learns the aliases the client assigns.
///
/// The client names things by alias once it has told the server (specs/intdash.md §1.6): data
/// ids by the aliases it proposed in the open request or later listed in a
/// `DownstreamChunkAck`, and upstreams by the aliases an ack's `upstream_aliases` gives them.
/// Until then the full `DataID` and `UpstreamInfo` are sent.
actor ISCP2DownstreamState {
    /// The client's alias of the stream, used in every message of it.
    let alias: UInt32
    /// The stream's id, as the open response gave it.
    let streamID: UUID
    /// The broker subscription that feeds the stream.
    let subscriptionID: UInt64

    private var dataIDAliases: [TelemetryDataID: UInt32] = [:]
    private var upstreamAliases: [TelemetryUpstream: UInt32] = [:]
    private let codec: ISCP2MessageCodec

    /// Creates the state of a downstream with the data-id aliases the client proposed.
    init(alias: UInt32, streamID: UUID, subscriptionID: UInt64, proposedAliases: [UInt32: ISCP2DataID], codec: ISCP2MessageCodec) {
        self.alias = alias
        self.streamID = streamID
        self.subscriptionID = subscriptionID
        self.codec = codec
        for (alias, dataID) in proposedAliases { dataIDAliases[TelemetryDataID(dataID)] = alias }
    }

    /// Records the aliases a `DownstreamChunkAck` assigns. An upstream alias whose stream id is
    /// not 16 bytes is ignored: it could never match an upstream.
    func learn(_ ack: ISCP2DownstreamChunkAck) {
        for (alias, dataID) in ack.dataIDAliases { dataIDAliases[TelemetryDataID(dataID)] = alias }
        for (alias, info) in ack.upstreamAliases {
            guard let streamID = UUID(iscp2StreamID: info.streamID) else { continue }
            let upstream = TelemetryUpstream(streamID: streamID, sessionID: info.sessionID, sourceNodeID: info.sourceNodeID)
            upstreamAliases[upstream] = alias
        }
    }

    /// Sends every event of `events` to `outbox` until the stream finishes (on unsubscribe) or
    /// the outbox stops accepting frames.
    func pump(_ events: AsyncStream<TelemetryDownstreamEvent>, into outbox: ISCP2Outbox, requestIDs: ISCP2ServerRequestIDs) async {
        for await event in events {
            guard let frame = codec.frame(message(for: event, requestIDs: requestIDs)) else { continue }
            guard await outbox.enqueueBulk(frame) else { return }
        }
    }

    /// The message that delivers `event` on this stream.
    func message(for event: TelemetryDownstreamEvent, requestIDs: ISCP2ServerRequestIDs) -> ISCP2Message {
        switch event {
        case .chunk(let chunk):
            var downstreamChunk = ISCP2DownstreamChunk()
            downstreamChunk.streamIDAlias = alias
            if let upstreamAlias = upstreamAliases[chunk.upstream] {
                downstreamChunk.upstreamAlias = upstreamAlias
            } else {
                downstreamChunk.upstreamInfo = ISCP2UpstreamInfo(chunk.upstream)
            }
            var streamChunk = ISCP2StreamChunk()
            streamChunk.sequenceNumber = chunk.sequenceNumber
            streamChunk.dataPointGroups = chunk.groups.map(group)
            downstreamChunk.streamChunk = streamChunk
            return ISCP2Message(.downstreamChunk(downstreamChunk))
        case .metadata(let metadata, let sourceNodeID):
            var downstreamMetadata = ISCP2DownstreamMetadata()
            downstreamMetadata.requestID = requestIDs.take()
            downstreamMetadata.streamIDAlias = alias
            downstreamMetadata.sourceNodeID = sourceNodeID
            downstreamMetadata.metadata = ISCP2DownstreamMetadata.OneOf_Metadata(metadata)
            return ISCP2Message(.downstreamMetadata(downstreamMetadata))
        }
    }

    private func group(_ group: TelemetryDataPointGroup) -> ISCP2DataPointGroup {
        var result = ISCP2DataPointGroup()
        if let dataIDAlias = dataIDAliases[group.dataID] {
            result.dataIDAlias = dataIDAlias
        } else {
            result.dataID = ISCP2DataID(group.dataID)
        }
        result.dataPoints = group.dataPoints.map { point in
            var dataPoint = ISCP2DataPoint()
            dataPoint.elapsedTime = point.elapsedTime
            dataPoint.payload = Data(point.payload)
            return dataPoint
        }
        return result
    }
}
