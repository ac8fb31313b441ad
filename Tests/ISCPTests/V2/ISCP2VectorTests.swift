import Foundation
import ISCP
import Testing

/// Frames produced by real iSCP v2 encoders, checked in both directions: decoding gives the
/// expected message, and encoding that message gives the same bytes (swift-protobuf and the
/// Python protobuf runtime both write fields in field-number order and leave out defaults).
@Suite("iSCP v2 test vectors")
struct ISCP2VectorTests {
    let codec = ISCP2MessageCodec()

    /// Asserts that `hex` decodes to `expected` and that `expected` encodes to `hex`.
    func expectVector(
        _ hex: String, is expected: ISCP2Message, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let frame = iscp2Bytes(hex: hex)
        #expect(try codec.decode(frame) == expected, sourceLocation: sourceLocation)
        #expect(try codec.encode(expected) == frame, sourceLocation: sourceLocation)
    }

    // MARK: specs/intdash.md §1.2, made by the iscp 1.0.1 client's `Protobuf.to_bytes`

    @Test("ConnectRequest from the spec")
    func connectRequestFromTheSpec() throws {
        let hex =
            "0a451205322e302e301a06656467652d31200a280132300a05544f4b454e8240260a24"
            + "30303030303030302d303030302d303030302d303030302d303030303030303030303030"
        let decoded = try codec.decode(iscp2Bytes(hex: hex))
        guard case .connectRequest(let request) = decoded.message else {
            Issue.record("expected a ConnectRequest, got \(decoded)")
            return
        }
        #expect(request.requestID == 0)
        #expect(request.protocolVersion == "2.0.0")
        #expect(request.nodeID == "edge-1")
        #expect(request.pingInterval == 10)
        #expect(request.pingTimeout == 1)
        #expect(request.extensionFields.accessToken == "TOKEN")
        #expect(request.extensionFields.intdash.projectUuid == "00000000-0000-0000-0000-000000000000")

        var expected = ISCP2ConnectRequest()
        expected.protocolVersion = "2.0.0"
        expected.nodeID = "edge-1"
        expected.pingInterval = 10
        expected.pingTimeout = 1
        expected.extensionFields.accessToken = "TOKEN"
        expected.extensionFields.intdash.projectUuid = "00000000-0000-0000-0000-000000000000"
        try expectVector(hex, is: iscp2Envelope(.connectRequest(expected)))
    }

    @Test("Ping from the spec, with its empty extension fields written")
    func pingFromTheSpec() throws {
        var ping = ISCP2Ping()
        ping.requestID = 2
        ping.extensionFields = ISCP2PingExtensionFields()
        try expectVector("820c0408021200", is: iscp2Envelope(.ping(ping)))
        // Without the extension fields set, the `12 00` is not written.
        ping.clearExtensionFields()
        #expect(try codec.encode(iscp2Envelope(.ping(ping))) == iscp2Bytes(hex: "820c020802"))
    }

    // MARK: client messages, made by the iscp 1.0.1 client's `Protobuf.to_bytes`

    @Test("UpstreamOpenRequest")
    func upstreamOpenRequest() throws {
        var request = ISCP2UpstreamOpenRequest()
        request.requestID = 4
        request.sessionID = "11111111-2222-3333-4444-555555555555"
        request.ackInterval = 1
        request.expiryInterval = 1
        request.qos = .reliable
        request.extensionFields.persist = true
        try expectVector(
            "8204320804122431313131313131312d323232322d333333332d343434342d353535353535353535353535180128013801"
                + "42020801",
            is: iscp2Envelope(.upstreamOpenRequest(request))
        )
    }

    @Test("UpstreamChunk with a full data id, a negative elapsed time and an empty payload")
    func upstreamChunk() throws {
        let speed = dataID("1/speed", "float64")
        var group = ISCP2DataPointGroup()
        group.dataID = speed
        group.dataPoints = [dataPoint(1_000_000, [1, 2]), dataPoint(-5, [])]
        var chunk = ISCP2UpstreamChunk()
        chunk.streamIDAlias = 1
        chunk.streamChunk.sequenceNumber = 1
        chunk.streamChunk.dataPointGroups = [group]
        chunk.dataIds = [speed]
        chunk.extensionFields = ISCP2UpstreamChunkExtensionFields()
        try expectVector(
            "b2044008011226080112220a120a07312f73706565641207666c6f617436341a080880897a120201021a0208091a120a07"
                + "312f73706565641207666c6f617436342200",
            is: iscp2Envelope(.upstreamChunk(chunk))
        )
    }

    @Test("UpstreamCloseRequest that closes the session")
    func upstreamCloseRequest() throws {
        var request = ISCP2UpstreamCloseRequest()
        request.requestID = 6
        request.streamID = iscp2VectorStreamID.iscp2StreamID
        request.totalDataPoints = 2
        request.finalSequenceNumber = 1
        request.extensionFields.closeSession = true
        try expectVector(
            "a2041c080612100123456789abcdef0123456789abcdef180220012a020801",
            is: iscp2Envelope(.upstreamCloseRequest(request))
        )
    }

    @Test("UpstreamMetadata carrying a base time")
    func upstreamMetadataBaseTime() throws {
        var metadata = ISCP2UpstreamMetadata()
        metadata.requestID = 8
        metadata.baseTime = baseTime()
        metadata.extensionFields.persist = true
        try expectVector(
            "c20421080812190a01731208656467655f727463181428aab4aed8c7bfce972f22020801",
            is: iscp2Envelope(.upstreamMetadata(metadata))
        )
    }

    @Test("DownstreamOpenRequest for every data of one node, with a proposed data id alias")
    func downstreamOpenRequest() throws {
        var filter = ISCP2DownstreamFilter()
        filter.sourceNodeID = "edge-1"
        var everything = ISCP2DataFilter()
        everything.name = "#"
        everything.type = "#"
        filter.dataFilters = [everything]
        var request = ISCP2DownstreamOpenRequest()
        request.requestID = 10
        request.desiredStreamIDAlias = 1
        request.downstreamFilters = [filter]
        request.expiryInterval = 1
        request.dataIDAliases = [1: dataID("1/speed", "float64")]
        request.extensionFields = ISCP2DownstreamOpenRequestExtensionFields()
        try expectVector(
            "820832080a10011a100a06656467652d3112060a012312012320012a16080112120a07312f73706565641207666c6f6174"
                + "36343a00",
            is: iscp2Envelope(.downstreamOpenRequest(request))
        )
    }

    @Test("DownstreamChunkAck with a result and an upstream alias")
    func downstreamChunkAck() throws {
        var result = ISCP2DownstreamChunkResult()
        result.streamIDOfUpstream = iscp2VectorStreamID.iscp2StreamID
        result.sequenceNumberInUpstream = 1
        result.resultString = "OK"
        result.extensionFields = ISCP2DownstreamChunkResultExtensionFields()
        var ack = ISCP2DownstreamChunkAck()
        ack.streamIDAlias = 1
        ack.ackID = 1
        ack.results = [result]
        ack.upstreamAliases = [1: upstreamInfo()]
        ack.extensionFields = ISCP2DownstreamChunkAckExtensionFields()
        try expectVector(
            "ba0845080110011a1a0a100123456789abcdef0123456789abcdef100122024f4b2a0022210801121d0a017312100123456789"
                + "abcdef0123456789abcdef1a06656467652d313200",
            is: iscp2Envelope(.downstreamChunkAck(ack))
        )
    }

    @Test("DownstreamCloseRequest")
    func downstreamCloseRequest() throws {
        var request = ISCP2DownstreamCloseRequest()
        request.requestID = 12
        request.streamID = iscp2VectorStreamID.iscp2StreamID
        request.extensionFields = ISCP2DownstreamCloseRequestExtensionFields()
        try expectVector(
            "a20816080c12100123456789abcdef0123456789abcdef1a00",
            is: iscp2Envelope(.downstreamCloseRequest(request))
        )
    }

    @Test("Pong")
    func pong() throws {
        var pong = ISCP2Pong()
        pong.requestID = 3
        pong.extensionFields = ISCP2PongExtensionFields()
        try expectVector("8a0c0408031200", is: iscp2Envelope(.pong(pong)))
    }

    @Test("Disconnect with NORMAL_CLOSURE, the alias of zero, which is not written")
    func disconnect() throws {
        var disconnect = ISCP2Disconnect()
        disconnect.resultCode = .normalClosure
        disconnect.resultString = "NORMAL_CLOSURE"
        disconnect.extensionFields = ISCP2DisconnectExtensionFields()
        try expectVector("1a12120e4e4f524d414c5f434c4f535552451a00", is: iscp2Envelope(.disconnect(disconnect)))
        #expect(ISCP2ResultCode.normalClosure == .succeeded)
    }

    // MARK: server messages, made with the iscp 1.0.1 client's generated `*_pb2` classes

    @Test("ConnectResponse")
    func connectResponse() throws {
        var response = ISCP2ConnectResponse()
        response.protocolVersion = "2.0.0"
        response.resultString = "OK"
        try expectVector("120b1205322e302e3022024f4b", is: iscp2Envelope(.connectResponse(response)))
    }

    @Test("UpstreamOpenResponse with a stream id, an alias and the server time")
    func upstreamOpenResponse() throws {
        var response = ISCP2UpstreamOpenResponse()
        response.requestID = 4
        response.assignedStreamID = iscp2VectorStreamID.iscp2StreamID
        response.assignedStreamIDAlias = 1
        response.serverTime = 1_700_000_000_000_000_000
        response.resultString = "OK"
        try expectVector(
            "8a0424080412100123456789abcdef0123456789abcdef1801288080d0e2c6bfce972f3a024f4b",
            is: iscp2Envelope(.upstreamOpenResponse(response))
        )
    }

    @Test("UpstreamChunkAck that assigns a data id alias")
    func upstreamChunkAck() throws {
        var result = ISCP2UpstreamChunkResult()
        result.sequenceNumber = 1
        result.resultString = "OK"
        var ack = ISCP2UpstreamChunkAck()
        ack.streamIDAlias = 1
        ack.results = [result]
        ack.dataIDAliases = [1: dataID("1/speed", "float64")]
        try expectVector(
            "ba04220801120608011a024f4b1a16080112120a07312f73706565641207666c6f61743634",
            is: iscp2Envelope(.upstreamChunkAck(ack))
        )
    }

    @Test("DownstreamChunk with the full upstream info and a data id alias")
    func downstreamChunk() throws {
        var group = ISCP2DataPointGroup()
        group.dataIDAlias = 1
        group.dataPoints = [dataPoint(1_000_000, [1, 2])]
        var chunk = ISCP2DownstreamChunk()
        chunk.streamIDAlias = 1
        chunk.upstreamInfo = upstreamInfo()
        chunk.streamChunk.sequenceNumber = 1
        chunk.streamChunk.dataPointGroups = [group]
        try expectVector(
            "b208330801121d0a017312100123456789abcdef0123456789abcdef1a06656467652d3122100801120c10011a080880897a"
                + "12020102",
            is: iscp2Envelope(.downstreamChunk(chunk))
        )
    }

    @Test("DownstreamMetadata: field 13 (stream_id_alias) is written after field 11")
    func downstreamMetadataBaseTime() throws {
        var metadata = ISCP2DownstreamMetadata()
        metadata.requestID = 1
        metadata.streamIDAlias = 1
        metadata.sourceNodeID = "edge-1"
        metadata.baseTime = baseTime()
        try expectVector(
            "ca0827080112190a01731208656467655f727463181428aab4aed8c7bfce972f5a06656467652d316801",
            is: iscp2Envelope(.downstreamMetadata(metadata))
        )
    }

    @Test("UpstreamCloseResponse with a failure code")
    func upstreamCloseResponseFailed() throws {
        var response = ISCP2UpstreamCloseResponse()
        response.requestID = 6
        response.resultCode = .streamNotFound
        response.resultString = "STREAM_NOT_FOUND"
        try expectVector(
            "aa04160806104b1a1053545245414d5f4e4f545f464f554e44",
            is: iscp2Envelope(.upstreamCloseResponse(response))
        )
    }

    // MARK: values shared by the vectors

    func dataID(_ name: String, _ type: String) -> ISCP2DataID {
        var dataID = ISCP2DataID()
        dataID.name = name
        dataID.type = type
        return dataID
    }

    func dataPoint(_ elapsedTime: Int64, _ payload: [UInt8]) -> ISCP2DataPoint {
        var point = ISCP2DataPoint()
        point.elapsedTime = elapsedTime
        point.payload = Data(payload)
        return point
    }

    func baseTime() -> ISCP2BaseTime {
        var baseTime = ISCP2BaseTime()
        baseTime.sessionID = "s"
        baseTime.name = "edge_rtc"
        baseTime.priority = 20
        baseTime.baseTime = 1_700_000_000_123_456_789
        return baseTime
    }

    func upstreamInfo() -> ISCP2UpstreamInfo {
        var info = ISCP2UpstreamInfo()
        info.sessionID = "s"
        info.streamID = iscp2VectorStreamID.iscp2StreamID
        info.sourceNodeID = "edge-1"
        return info
    }
}
