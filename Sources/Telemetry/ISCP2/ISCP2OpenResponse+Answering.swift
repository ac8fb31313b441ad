import Foundation
import ISCP

// An open response always carries a 16-byte stream id, the nil UUID until a stream is
// assigned: the official Python client decodes `assigned_stream_id` as a UUID whatever the
// result code, and an empty one raises in its read loop, which then stops for good: the
// refusal never reaches the caller and the client's pings go unanswered until it gives up.

extension ISCP2DownstreamOpenResponse {
    /// The answer to the request `requestID`, with the nil UUID as its stream id until one is
    /// assigned.
    init(answering requestID: UInt32) {
        self.init()
        self.requestID = requestID
        assignedStreamID = UUID.iscp2Unassigned
    }
}

extension ISCP2UpstreamOpenResponse {
    /// The answer to the request `requestID`, with the nil UUID as its stream id until one is
    /// assigned.
    init(answering requestID: UInt32) {
        self.init()
        self.requestID = requestID
        assignedStreamID = UUID.iscp2Unassigned
    }
}

extension UUID {
    /// The stream id of an open response that assigns no stream: the nil UUID's 16 bytes.
    static let iscp2Unassigned = Data(count: 16)
}
