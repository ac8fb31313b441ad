/// A message that answers a request: it echoes the request's id and says how it went.
///
/// A client matches these to the requests it is waiting on by ``requestID``; see
/// ``ISCP2Message/response``. Requests are numbered by their sender, so a response answers
/// the request with the same id that went the other way (specs/intdash.md §1.4).
public protocol ISCP2Response: Sendable {
    /// The id of the request this answers.
    var requestID: UInt32 { get }
    /// Whether the request succeeded, and if not, why.
    var resultCode: ISCP2ResultCode { get }
    /// A human-readable form of ``resultCode``.
    var resultString: String { get }
}

extension ISCP2ConnectResponse: ISCP2Response {}
extension ISCP2UpstreamOpenResponse: ISCP2Response {}
extension ISCP2UpstreamResumeResponse: ISCP2Response {}
extension ISCP2UpstreamCloseResponse: ISCP2Response {}
extension ISCP2UpstreamMetadataAck: ISCP2Response {}
extension ISCP2DownstreamOpenResponse: ISCP2Response {}
extension ISCP2DownstreamResumeResponse: ISCP2Response {}
extension ISCP2DownstreamCloseResponse: ISCP2Response {}
extension ISCP2DownstreamMetadataAck: ISCP2Response {}

extension ISCP2Message {
    /// The response this message carries, or `nil` if it carries a request, data, an
    /// acknowledgement of data, a ping or pong, a call, or nothing.
    public var response: (any ISCP2Response)? {
        switch message {
        case .connectResponse(let response): return response
        case .upstreamOpenResponse(let response): return response
        case .upstreamResumeResponse(let response): return response
        case .upstreamCloseResponse(let response): return response
        case .upstreamMetadataAck(let response): return response
        case .downstreamOpenResponse(let response): return response
        case .downstreamResumeResponse(let response): return response
        case .downstreamCloseResponse(let response): return response
        case .downstreamMetadataAck(let response): return response
        case .connectRequest, .disconnect, .upstreamOpenRequest, .upstreamResumeRequest,
            .upstreamCloseRequest, .upstreamChunk, .upstreamChunkAck, .upstreamMetadata,
            .downstreamOpenRequest, .downstreamResumeRequest, .downstreamCloseRequest,
            .downstreamChunk, .downstreamChunkAck, .downstreamChunkAckComplete,
            .downstreamMetadata, .ping, .pong, .upstreamCall, .upstreamCallAck, .downstreamCall,
            nil:
            return nil
        }
    }
}
