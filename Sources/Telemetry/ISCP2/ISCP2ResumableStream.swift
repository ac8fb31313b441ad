import Foundation

/// A stream a client can resume on a new connection after it lost the old one: an upstream
/// (``ISCP2UpstreamState``) or a downstream (``ISCP2DownstreamState``), kept meanwhile in an
/// ``ISCP2ResumeRegistry``.
protocol ISCP2ResumableStream: Sendable {
    /// What the stream is, in messages: `upstream` or `downstream`.
    static var kind: String { get }
    /// The stream's id, which the resume request names.
    var streamID: UUID { get }
    /// The node that opened the stream.
    var ownerNodeID: String { get }
    /// How long the stream stays resumable after its connection is lost.
    var expiryInterval: Duration { get }
    /// Whether a connection of `nodeID`, signed in as the user `userID`, may resume it.
    func mayBeResumed(byNode nodeID: String, user userID: String) -> Bool
}
