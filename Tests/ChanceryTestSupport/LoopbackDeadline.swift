import Foundation
import Storage

/// How long tests wait for an answer over loopback (a connection, a server's reply) where the
/// code under test lets them choose.
///
/// The whole suite on a loaded two-core sandbox stalls loopback traffic now and then for longer
/// than the 10 or 15 seconds clients wait by default; no test waits for this deadline to pass
/// (a dead or cut peer refuses or closes connections at once).
public enum LoopbackDeadline {
    /// The longest a test waits for a loopback peer's answer.
    public static let answer: Duration = .seconds(60)
    /// ``answer`` in seconds, for clients whose time limits are a `TimeInterval`.
    public static var answerSeconds: TimeInterval { answer.timeInterval }
}
