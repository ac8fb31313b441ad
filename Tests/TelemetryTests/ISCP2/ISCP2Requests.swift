import Foundation
import ISCP

/// Builders for the requests the tests send, filled in as the Python client fills them.
enum ISCP2Requests {
    /// A data id.
    static func dataID(_ name: String, _ type: String) -> ISCP2DataID {
        var dataID = ISCP2DataID()
        dataID.name = name
        dataID.type = type
        return dataID
    }

    /// A data point.
    static func point(_ elapsedTime: Int64, _ payload: [UInt8]) -> ISCP2DataPoint {
        var point = ISCP2DataPoint()
        point.elapsedTime = elapsedTime
        point.payload = Data(payload)
        return point
    }

    /// A group named by its full data id.
    static func group(_ dataID: ISCP2DataID, _ points: [ISCP2DataPoint]) -> ISCP2DataPointGroup {
        var group = ISCP2DataPointGroup()
        group.dataID = dataID
        group.dataPoints = points
        return group
    }

    /// A group named by a data id alias.
    static func group(alias: UInt32, _ points: [ISCP2DataPoint]) -> ISCP2DataPointGroup {
        var group = ISCP2DataPointGroup()
        group.dataIDAlias = alias
        group.dataPoints = points
        return group
    }

    /// An upstream open request; `ackInterval` is in milliseconds.
    static func openUpstream(
        _ requestID: UInt32, session: String, dataIDs: [ISCP2DataID] = [], expiry: UInt32 = 1, persist: Bool = false, ackInterval: UInt32 = 1
    ) -> ISCP2Message.OneOf_Message {
        var request = ISCP2UpstreamOpenRequest()
        request.requestID = requestID
        request.sessionID = session
        request.ackInterval = ackInterval
        request.expiryInterval = expiry
        request.dataIds = dataIDs
        request.qos = .reliable
        request.extensionFields.persist = persist
        return .upstreamOpenRequest(request)
    }

    /// An upstream chunk; `dataIDs` lists the data ids sent in full that have no alias yet.
    static func chunk(
        alias: UInt32, sequenceNumber: UInt32, _ groups: [ISCP2DataPointGroup], dataIDs: [ISCP2DataID] = []
    ) -> ISCP2Message.OneOf_Message {
        var chunk = ISCP2UpstreamChunk()
        chunk.streamIDAlias = alias
        chunk.streamChunk.sequenceNumber = sequenceNumber
        chunk.streamChunk.dataPointGroups = groups
        chunk.dataIds = dataIDs
        return .upstreamChunk(chunk)
    }

    /// An upstream close request.
    static func closeUpstream(
        _ requestID: UInt32, streamID: Data, totalDataPoints: UInt64, finalSequenceNumber: UInt32, closeSession: Bool = false
    ) -> ISCP2Message.OneOf_Message {
        var request = ISCP2UpstreamCloseRequest()
        request.requestID = requestID
        request.streamID = streamID
        request.totalDataPoints = totalDataPoints
        request.finalSequenceNumber = finalSequenceNumber
        request.extensionFields.closeSession = closeSession
        return .upstreamCloseRequest(request)
    }

    /// A base time for `session`.
    static func baseTime(_ requestID: UInt32, session: String, persist: Bool = false) -> ISCP2Message.OneOf_Message {
        var metadata = ISCP2UpstreamMetadata()
        metadata.requestID = requestID
        var baseTime = ISCP2BaseTime()
        baseTime.sessionID = session
        baseTime.name = "edge_rtc"
        baseTime.priority = 20
        baseTime.elapsedTime = 0
        baseTime.baseTime = 1_700_000_000_123_456_789
        metadata.baseTime = baseTime
        metadata.extensionFields.persist = persist
        return .upstreamMetadata(metadata)
    }

    /// A downstream open request with the filters `(node, [(name, type)])`.
    static func openDownstream(
        _ requestID: UInt32, alias: UInt32, filters: [(String, [(String, String)])], dataIDAliases: [UInt32: ISCP2DataID] = [:],
        expiry: UInt32 = 1, qos: ISCP2QoS = .unreliable
    ) -> ISCP2Message.OneOf_Message {
        var request = ISCP2DownstreamOpenRequest()
        request.requestID = requestID
        request.desiredStreamIDAlias = alias
        request.downstreamFilters = filters.map { node, dataFilters in
            var filter = ISCP2DownstreamFilter()
            filter.sourceNodeID = node
            filter.dataFilters = dataFilters.map { name, type in
                var dataFilter = ISCP2DataFilter()
                dataFilter.name = name
                dataFilter.type = type
                return dataFilter
            }
            return filter
        }
        request.expiryInterval = expiry
        request.dataIDAliases = dataIDAliases
        request.qos = qos
        return .downstreamOpenRequest(request)
    }

    /// A downstream resume request for `streamID`, to go on as `alias`.
    static func resumeDownstream(_ requestID: UInt32, streamID: Data, alias: UInt32) -> ISCP2Message.OneOf_Message {
        var request = ISCP2DownstreamResumeRequest()
        request.requestID = requestID
        request.streamID = streamID
        request.desiredStreamIDAlias = alias
        return .downstreamResumeRequest(request)
    }

    /// A downstream chunk ack with `ackID` that acknowledges `chunks` (upstream stream id,
    /// sequence number in it).
    static func acknowledge(alias: UInt32, ackID: UInt32, _ chunks: [(Data, UInt32)]) -> ISCP2Message.OneOf_Message {
        var ack = ISCP2DownstreamChunkAck()
        ack.streamIDAlias = alias
        ack.ackID = ackID
        ack.results = chunks.map { streamID, sequenceNumber in
            var result = ISCP2DownstreamChunkResult()
            result.streamIDOfUpstream = streamID
            result.sequenceNumberInUpstream = sequenceNumber
            result.resultCode = .succeeded
            return result
        }
        return .downstreamChunkAck(ack)
    }

    /// A ping.
    static func ping(_ requestID: UInt32) -> ISCP2Message.OneOf_Message {
        var ping = ISCP2Ping()
        ping.requestID = requestID
        return .ping(ping)
    }
}
