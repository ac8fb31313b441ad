import ISCP

/// Pickers for ``ISCP2TestPeer/next(_:)``: each returns the message's body when it is of the
/// kind (and stream) asked for, and `nil` otherwise.
enum ISCP2Selectors {
    static func upstreamOpenResponse(_ message: ISCP2Message.OneOf_Message) -> ISCP2UpstreamOpenResponse? {
        if case .upstreamOpenResponse(let value) = message { value } else { nil }
    }

    static func upstreamResumeResponse(_ message: ISCP2Message.OneOf_Message) -> ISCP2UpstreamResumeResponse? {
        if case .upstreamResumeResponse(let value) = message { value } else { nil }
    }

    static func upstreamCloseResponse(_ message: ISCP2Message.OneOf_Message) -> ISCP2UpstreamCloseResponse? {
        if case .upstreamCloseResponse(let value) = message { value } else { nil }
    }

    static func upstreamChunkAck(_ message: ISCP2Message.OneOf_Message) -> ISCP2UpstreamChunkAck? {
        if case .upstreamChunkAck(let value) = message { value } else { nil }
    }

    static func upstreamMetadataAck(_ message: ISCP2Message.OneOf_Message) -> ISCP2UpstreamMetadataAck? {
        if case .upstreamMetadataAck(let value) = message { value } else { nil }
    }

    static func downstreamOpenResponse(_ message: ISCP2Message.OneOf_Message) -> ISCP2DownstreamOpenResponse? {
        if case .downstreamOpenResponse(let value) = message { value } else { nil }
    }

    static func downstreamResumeResponse(_ message: ISCP2Message.OneOf_Message) -> ISCP2DownstreamResumeResponse? {
        if case .downstreamResumeResponse(let value) = message { value } else { nil }
    }

    static func downstreamCloseResponse(_ message: ISCP2Message.OneOf_Message) -> ISCP2DownstreamCloseResponse? {
        if case .downstreamCloseResponse(let value) = message { value } else { nil }
    }

    static func ackComplete(_ message: ISCP2Message.OneOf_Message) -> ISCP2DownstreamChunkAckComplete? {
        if case .downstreamChunkAckComplete(let value) = message { value } else { nil }
    }

    static func upstreamCallAck(_ message: ISCP2Message.OneOf_Message) -> ISCP2UpstreamCallAck? {
        if case .upstreamCallAck(let value) = message { value } else { nil }
    }

    static func downstreamCall(_ message: ISCP2Message.OneOf_Message) -> ISCP2DownstreamCall? {
        if case .downstreamCall(let value) = message { value } else { nil }
    }

    /// A downstream chunk of the stream `alias`.
    static func chunk(on alias: UInt32) -> (ISCP2Message.OneOf_Message) -> ISCP2DownstreamChunk? {
        { message in
            if case .downstreamChunk(let value) = message, value.streamIDAlias == alias { value } else { nil }
        }
    }

    /// Downstream metadata of the stream `alias`.
    static func metadata(on alias: UInt32) -> (ISCP2Message.OneOf_Message) -> ISCP2DownstreamMetadata? {
        { message in
            if case .downstreamMetadata(let value) = message, value.streamIDAlias == alias { value } else { nil }
        }
    }
}
