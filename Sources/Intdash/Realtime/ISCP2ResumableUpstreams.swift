import Foundation

/// The iSCP v2 upstream each iSCP 1.0 stream of a client last had, kept across connections so
/// that after a reconnection an ``ISCP2Bridge`` resumes it (the server then stores each chunk
/// once, even one it acknowledged on the lost connection) rather than opening another.
final class ISCP2ResumableUpstreams: Sendable {
    /// An upstream and the session it sends.
    private struct Entry: Sendable {
        let streamID: UUID
        let sessionID: String
    }

    private let entries = LockedValue<[UInt8: Entry]>([:])

    /// The upstream stream `streamID` had for session `sessionID`, if any.
    func upstream(of streamID: UInt8, sessionID: String) -> UUID? {
        entries.withLock { entries in entries[streamID].flatMap { $0.sessionID == sessionID ? $0.streamID : nil } }
    }

    /// Records that stream `streamID` sends session `sessionID` through upstream `upstream`.
    func remember(_ upstream: UUID, of streamID: UInt8, sessionID: String) {
        entries.withLock { $0[streamID] = Entry(streamID: upstream, sessionID: sessionID) }
    }

    /// Forgets the upstream of stream `streamID`, which was closed.
    func forget(_ streamID: UInt8) {
        _ = entries.withLock { $0.removeValue(forKey: streamID) }
    }
}
