import Foundation

/// Where a chunk comes from: one upstream stream of one node, within one session
/// (measurement).
public struct TelemetryUpstream: Hashable, Sendable, Codable {
    /// The stream's id, unique on this server.
    public let streamID: UUID
    /// The session the stream belongs to; in intdash, the measurement UUID in lowercase.
    public let sessionID: String
    /// The node (edge) that sends: its UUID in lowercase, as iSCP v2's `node_id`.
    public let sourceNodeID: String

    /// Describes an upstream.
    public init(streamID: UUID, sessionID: String, sourceNodeID: String) {
        self.streamID = streamID
        self.sessionID = sessionID
        self.sourceNodeID = sourceNodeID
    }
}
