import Foundation
import ISCP
import Locking

/// The iSCP v2 stream each iSCP 1.0 stream of a client last had, with what it carried, kept
/// across connections so that after a reconnection an ``ISCP2Bridge`` resumes it rather than
/// opening another.
///
/// For upstreams the subject is the session: the server then stores each chunk once, even one
/// it acknowledged on the lost connection. For downstreams it is the source and the filters:
/// the server kept what arrived while the client was away and sends it on resume.
final class ISCP2ResumableStreams<Subject: Sendable>: Sendable {
    /// A stream and what it carried.
    struct Entry: Sendable {
        /// The iSCP v2 stream id.
        let streamID: UUID
        /// What the stream carried.
        let subject: Subject
    }

    private let entries = LockedValue<[UInt8: Entry]>([:])

    /// The stream iSCP 1.0 stream `streamID` last had, if it was not closed.
    func entry(of streamID: UInt8) -> Entry? {
        entries.withLock { $0[streamID] }
    }

    /// Records that stream `streamID` is served by iSCP v2 stream `stream`, carrying `subject`.
    func remember(_ stream: UUID, of streamID: UInt8, subject: Subject) {
        entries.withLock { $0[streamID] = Entry(streamID: stream, subject: subject) }
    }

    /// Forgets the stream of `streamID`, which was closed.
    func forget(_ streamID: UInt8) {
        _ = entries.withLock { $0.removeValue(forKey: streamID) }
    }
}

/// What an iSCP v2 downstream of the bridge carries: the source edge's data, filtered.
struct ISCP2DownstreamSubject: Sendable, Equatable {
    /// The source node (edge UUID, lowercased).
    let sourceNodeID: String
    /// The iSCP 1.0 filters the downstream was opened with; none for all data.
    let filters: [ISCP1DataFilter]
}
