import Foundation
import ISCP
import Testing

/// The main messages of a session survive encoding and decoding with every field intact.
@Suite("iSCP v2 round trips")
struct ISCP2RoundTripTests {
    static let streamID = UUID(uuidString: "6F9619FF-8B86-D011-B42D-00C04FC964FF")!.iscp2StreamID

    static func dataID(_ name: String, _ type: String) -> ISCP2DataID {
        var dataID = ISCP2DataID()
        dataID.name = name
        dataID.type = type
        return dataID
    }

    static func streamChunk() -> ISCP2StreamChunk {
        var point = ISCP2DataPoint()
        point.elapsedTime = Int64.min
        point.payload = Data((0...255).map { UInt8($0) })
        var byName = ISCP2DataPointGroup()
        byName.dataID = dataID("1/h264", "h264_frame/idr_frame")
        byName.dataPoints = [point, point]
        var byAlias = ISCP2DataPointGroup()
        byAlias.dataIDAlias = UInt32.max
        var chunk = ISCP2StreamChunk()
        chunk.sequenceNumber = UInt32.max
        chunk.dataPointGroups = [byName, byAlias]
        return chunk
    }

    static func upstreamInfo() -> ISCP2UpstreamInfo {
        var info = ISCP2UpstreamInfo()
        info.sessionID = "measurement"
        info.streamID = streamID
        info.sourceNodeID = "edge-2"
        return info
    }

    static func filter() -> ISCP2DownstreamFilter {
        var dataFilter = ISCP2DataFilter()
        dataFilter.name = "1/+"
        dataFilter.type = "#"
        var filter = ISCP2DownstreamFilter()
        filter.sourceNodeID = "edge-2"
        filter.dataFilters = [dataFilter, dataFilter]
        return filter
    }

    static let messages: [ISCP2Message.OneOf_Message] = {
        var connectRequest = ISCP2ConnectRequest()
        connectRequest.requestID = 0
        connectRequest.protocolVersion = "2.0.0"
        connectRequest.nodeID = "edge-2"
        connectRequest.pingInterval = 10
        connectRequest.pingTimeout = 1
        connectRequest.extensionFields.accessToken = "token with ünïcode"
        connectRequest.extensionFields.intdash.projectUuid = "a0b1c2d3-0000-4000-8000-000000000000"

        var connectResponse = ISCP2ConnectResponse()
        connectResponse.requestID = 0
        connectResponse.protocolVersion = "2.0.0"
        connectResponse.resultCode = .authFailed
        connectResponse.resultString = "the access token has expired"
        connectResponse.extensionFields = ISCP2ConnectResponseExtensionFields()

        var upstreamOpenRequest = ISCP2UpstreamOpenRequest()
        upstreamOpenRequest.requestID = 2
        upstreamOpenRequest.sessionID = "measurement"
        upstreamOpenRequest.ackInterval = 100
        upstreamOpenRequest.expiryInterval = 30
        upstreamOpenRequest.dataIds = [dataID("1/speed", "float64"), dataID("1/name", "string")]
        upstreamOpenRequest.qos = .partial
        upstreamOpenRequest.extensionFields.persist = true

        var upstreamOpenResponse = ISCP2UpstreamOpenResponse()
        upstreamOpenResponse.requestID = 2
        upstreamOpenResponse.assignedStreamID = streamID
        upstreamOpenResponse.assignedStreamIDAlias = 7
        upstreamOpenResponse.dataIDAliases = [1: dataID("1/speed", "float64"), 2: dataID("1/name", "string")]
        upstreamOpenResponse.serverTime = -1
        upstreamOpenResponse.resultString = "OK"

        var upstreamChunk = ISCP2UpstreamChunk()
        upstreamChunk.streamIDAlias = 7
        upstreamChunk.streamChunk = streamChunk()
        upstreamChunk.dataIds = [dataID("1/h264", "h264_frame/idr_frame")]

        var chunkResult = ISCP2UpstreamChunkResult()
        chunkResult.sequenceNumber = UInt32.max
        chunkResult.resultCode = .invalidDataID
        chunkResult.resultString = "no such data id"
        var upstreamChunkAck = ISCP2UpstreamChunkAck()
        upstreamChunkAck.streamIDAlias = 7
        upstreamChunkAck.results = [chunkResult, chunkResult]
        upstreamChunkAck.dataIDAliases = [3: dataID("1/h264", "h264_frame/idr_frame")]

        var upstreamCloseRequest = ISCP2UpstreamCloseRequest()
        upstreamCloseRequest.requestID = 4
        upstreamCloseRequest.streamID = streamID
        upstreamCloseRequest.totalDataPoints = UInt64.max
        upstreamCloseRequest.finalSequenceNumber = 12
        upstreamCloseRequest.extensionFields.closeSession = true

        var upstreamCloseResponse = ISCP2UpstreamCloseResponse()
        upstreamCloseResponse.requestID = 4
        upstreamCloseResponse.resultCode = .sessionAlreadyClosed

        var baseTime = ISCP2BaseTime()
        baseTime.sessionID = "measurement"
        baseTime.name = "ntp"
        baseTime.priority = 30
        baseTime.elapsedTime = UInt64.max
        baseTime.baseTime = Int64.min
        var upstreamMetadata = ISCP2UpstreamMetadata()
        upstreamMetadata.requestID = 6
        upstreamMetadata.baseTime = baseTime
        upstreamMetadata.extensionFields.persist = true

        var upstreamMetadataAck = ISCP2UpstreamMetadataAck()
        upstreamMetadataAck.requestID = 6

        var downstreamOpenRequest = ISCP2DownstreamOpenRequest()
        downstreamOpenRequest.requestID = 8
        downstreamOpenRequest.desiredStreamIDAlias = 1
        downstreamOpenRequest.downstreamFilters = [filter(), filter()]
        downstreamOpenRequest.expiryInterval = 10
        downstreamOpenRequest.dataIDAliases = [1: dataID("1/speed", "float64")]
        downstreamOpenRequest.qos = .reliable
        downstreamOpenRequest.omitEmptyChunk = true

        var downstreamOpenResponse = ISCP2DownstreamOpenResponse()
        downstreamOpenResponse.requestID = 8
        downstreamOpenResponse.assignedStreamID = streamID
        downstreamOpenResponse.serverTime = 1_700_000_000_000_000_000

        var downstreamChunk = ISCP2DownstreamChunk()
        downstreamChunk.streamIDAlias = 1
        downstreamChunk.upstreamAlias = 9
        downstreamChunk.streamChunk = streamChunk()

        var downstreamChunkResult = ISCP2DownstreamChunkResult()
        downstreamChunkResult.streamIDOfUpstream = streamID
        downstreamChunkResult.sequenceNumberInUpstream = 3
        var downstreamChunkAck = ISCP2DownstreamChunkAck()
        downstreamChunkAck.streamIDAlias = 1
        downstreamChunkAck.ackID = 5
        downstreamChunkAck.results = [downstreamChunkResult]
        downstreamChunkAck.upstreamAliases = [9: upstreamInfo()]
        downstreamChunkAck.dataIDAliases = [1: dataID("1/speed", "float64")]

        var ackComplete = ISCP2DownstreamChunkAckComplete()
        ackComplete.streamIDAlias = 1
        ackComplete.ackID = 5
        ackComplete.resultCode = .ackTimeout

        var upstreamOpen = ISCP2UpstreamOpen()
        upstreamOpen.streamID = streamID
        upstreamOpen.sessionID = "measurement"
        upstreamOpen.qos = .reliable
        var downstreamMetadata = ISCP2DownstreamMetadata()
        downstreamMetadata.requestID = 1
        downstreamMetadata.streamIDAlias = 1
        downstreamMetadata.upstreamOpen = upstreamOpen
        downstreamMetadata.sourceNodeID = "edge-2"

        var normalClose = ISCP2UpstreamNormalClose()
        normalClose.streamID = streamID
        normalClose.sessionID = "measurement"
        normalClose.totalDataPoints = 20_000
        normalClose.finalSequenceNumber = 40
        var closeMetadata = downstreamMetadata
        closeMetadata.upstreamNormalClose = normalClose

        var downstreamMetadataAck = ISCP2DownstreamMetadataAck()
        downstreamMetadataAck.requestID = 1
        downstreamMetadataAck.resultString = "OK"

        var downstreamCloseRequest = ISCP2DownstreamCloseRequest()
        downstreamCloseRequest.requestID = 10
        downstreamCloseRequest.streamID = streamID

        var downstreamCloseResponse = ISCP2DownstreamCloseResponse()
        downstreamCloseResponse.requestID = 10
        downstreamCloseResponse.resultCode = .streamNotFound
        downstreamCloseResponse.resultString = "STREAM_NOT_FOUND"

        var ping = ISCP2Ping()
        ping.requestID = 1
        var pong = ISCP2Pong()
        pong.requestID = 1
        pong.extensionFields = ISCP2PongExtensionFields()

        var call = ISCP2UpstreamCall()
        call.callID = "c1"
        call.destinationNodeID = "edge-3"
        call.name = "reboot"
        call.type = "string"
        call.payload = Data("now".utf8)

        var disconnect = ISCP2Disconnect()
        disconnect.resultCode = .pingTimeout
        disconnect.resultString = "no pong within 1 s"

        return [
            .connectRequest(connectRequest), .connectResponse(connectResponse),
            .upstreamOpenRequest(upstreamOpenRequest), .upstreamOpenResponse(upstreamOpenResponse),
            .upstreamChunk(upstreamChunk), .upstreamChunkAck(upstreamChunkAck),
            .upstreamCloseRequest(upstreamCloseRequest), .upstreamCloseResponse(upstreamCloseResponse),
            .upstreamMetadata(upstreamMetadata), .upstreamMetadataAck(upstreamMetadataAck),
            .downstreamOpenRequest(downstreamOpenRequest), .downstreamOpenResponse(downstreamOpenResponse),
            .downstreamChunk(downstreamChunk), .downstreamChunkAck(downstreamChunkAck),
            .downstreamChunkAckComplete(ackComplete), .downstreamMetadata(downstreamMetadata),
            .downstreamMetadata(closeMetadata), .downstreamMetadataAck(downstreamMetadataAck),
            .downstreamCloseRequest(downstreamCloseRequest), .downstreamCloseResponse(downstreamCloseResponse),
            .ping(ping), .pong(pong), .upstreamCall(call), .disconnect(disconnect),
        ]
    }()

    @Test("encode then decode gives the same message", arguments: messages)
    func roundTrip(_ body: ISCP2Message.OneOf_Message) throws {
        let codec = ISCP2MessageCodec()
        let message = iscp2Envelope(body)
        let frame = try codec.encode(message)
        let decoded = try codec.decode(frame)
        #expect(decoded == message)
        #expect(decoded.message == body)
        // Encoding is deterministic: the decoded message writes the same bytes.
        #expect(try codec.encode(decoded) == frame)
    }

    @Test("equal messages give equal frames, whatever order their alias maps were filled in")
    func mapsInKeyOrder() throws {
        let codec = ISCP2MessageCodec()
        var forwards = ISCP2UpstreamChunkAck()
        var backwards = ISCP2UpstreamChunkAck()
        for key in UInt32(1)...64 {
            forwards.dataIDAliases[key] = Self.dataID("\(key)", "float64")
            backwards.dataIDAliases[65 - key] = Self.dataID("\(65 - key)", "float64")
        }
        let frame = try codec.encode(iscp2Envelope(.upstreamChunkAck(forwards)))
        #expect(try codec.encode(iscp2Envelope(.upstreamChunkAck(backwards))) == frame)
        // The first entry written is key 1: field 3, then the entry's key field `08 01`.
        let firstEntry = try #require(frame.firstIndex(of: 0x1a))
        #expect(Array(frame[(firstEntry + 2)...(firstEntry + 3)]) == [0x08, 0x01])
    }

    @Test("a frame also decodes from Data")
    func decodesData() throws {
        let codec = ISCP2MessageCodec()
        let message = iscp2Envelope(Self.messages[4])
        #expect(try codec.decode(Data(try codec.encode(message))) == message)
    }
}
