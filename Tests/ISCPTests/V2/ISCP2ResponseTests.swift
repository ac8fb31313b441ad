import ISCP
import Testing

/// ``ISCP2Message/response`` finds the request id and result of every response kind.
@Suite("iSCP v2 responses")
struct ISCP2ResponseTests {
    /// One message of each response kind, with request id 42 and result code AUTH_FAILED.
    static let responses: [ISCP2Message.OneOf_Message] = {
        var connect = ISCP2ConnectResponse()
        connect.requestID = 42
        connect.resultCode = .authFailed
        connect.resultString = "AUTH_FAILED"
        var upstreamOpen = ISCP2UpstreamOpenResponse()
        upstreamOpen.requestID = 42
        upstreamOpen.resultCode = .authFailed
        upstreamOpen.resultString = "AUTH_FAILED"
        var upstreamResume = ISCP2UpstreamResumeResponse()
        upstreamResume.requestID = 42
        upstreamResume.resultCode = .authFailed
        upstreamResume.resultString = "AUTH_FAILED"
        var upstreamClose = ISCP2UpstreamCloseResponse()
        upstreamClose.requestID = 42
        upstreamClose.resultCode = .authFailed
        upstreamClose.resultString = "AUTH_FAILED"
        var upstreamMetadataAck = ISCP2UpstreamMetadataAck()
        upstreamMetadataAck.requestID = 42
        upstreamMetadataAck.resultCode = .authFailed
        upstreamMetadataAck.resultString = "AUTH_FAILED"
        var downstreamOpen = ISCP2DownstreamOpenResponse()
        downstreamOpen.requestID = 42
        downstreamOpen.resultCode = .authFailed
        downstreamOpen.resultString = "AUTH_FAILED"
        var downstreamResume = ISCP2DownstreamResumeResponse()
        downstreamResume.requestID = 42
        downstreamResume.resultCode = .authFailed
        downstreamResume.resultString = "AUTH_FAILED"
        var downstreamClose = ISCP2DownstreamCloseResponse()
        downstreamClose.requestID = 42
        downstreamClose.resultCode = .authFailed
        downstreamClose.resultString = "AUTH_FAILED"
        var downstreamMetadataAck = ISCP2DownstreamMetadataAck()
        downstreamMetadataAck.requestID = 42
        downstreamMetadataAck.resultCode = .authFailed
        downstreamMetadataAck.resultString = "AUTH_FAILED"
        return [
            .connectResponse(connect), .upstreamOpenResponse(upstreamOpen),
            .upstreamResumeResponse(upstreamResume), .upstreamCloseResponse(upstreamClose),
            .upstreamMetadataAck(upstreamMetadataAck), .downstreamOpenResponse(downstreamOpen),
            .downstreamResumeResponse(downstreamResume), .downstreamCloseResponse(downstreamClose),
            .downstreamMetadataAck(downstreamMetadataAck),
        ]
    }()

    @Test("a response kind gives its request id, code and string", arguments: responses)
    func response(_ body: ISCP2Message.OneOf_Message) throws {
        let response = try #require(iscp2Envelope(body).response)
        #expect(response.requestID == 42)
        #expect(response.resultCode == .authFailed)
        #expect(response.resultString == "AUTH_FAILED")
    }

    @Test("requests, data, keep-alive and empty messages are not responses")
    func notResponses() {
        var ping = ISCP2Ping()
        ping.requestID = 42
        var pong = ISCP2Pong()
        pong.requestID = 42
        var request = ISCP2UpstreamOpenRequest()
        request.requestID = 42
        let others: [ISCP2Message.OneOf_Message] = [
            .ping(ping), .pong(pong), .upstreamOpenRequest(request), .upstreamChunkAck(ISCP2UpstreamChunkAck()),
            .disconnect(ISCP2Disconnect()), .upstreamCallAck(ISCP2UpstreamCallAck()),
        ]
        for body in others {
            #expect(iscp2Envelope(body).response == nil, "\(body)")
        }
        #expect(ISCP2Message().response == nil)
    }
}
