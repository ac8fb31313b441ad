import Crypto
import Foundation

extension TelemetryUpstream {
    /// The upstream of an iSCP 1.0 stream that sends `measurement`'s data from `sourceEdge`.
    ///
    /// iSCP 1.0 numbers the sections of a measurement with serial numbers, and a device that
    /// lost its connection re-sends unacknowledged sections on a new connection, under a new
    /// u8 stream id. So the stream id here is derived from the measurement and the edge only
    /// (a name-based UUID, version 8, over a SHA-256): the re-sent sections land in the same
    /// stream with the same sequence numbers, and the recorder stores each section once.
    static func iscp1(measurement: UUID, sourceEdge: UUID) -> TelemetryUpstream {
        let sessionID = measurement.uuidString.lowercased()
        let sourceNodeID = sourceEdge.uuidString.lowercased()
        let digest = SHA256.hash(data: Data("iscp1-upstream\u{0}\(sessionID)\u{0}\(sourceNodeID)".utf8))
        var bytes = Array(digest.prefix(16))
        bytes[6] = bytes[6] & 0x0f | 0x80  // version 8: custom
        bytes[8] = bytes[8] & 0x3f | 0x80  // the RFC 9562 variant
        let streamID = UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
        return TelemetryUpstream(streamID: streamID, sessionID: sessionID, sourceNodeID: sourceNodeID)
    }
}
