import Foundation
import ISCP

/// The state of one downstream of an ``IntdashClient/DownstreamManager``.
struct DownstreamStream: Sendable {
    /// Where the stream is in its life.
    enum Phase: Sendable, Equatable {
        /// Opened by the app, not yet announced to the server.
        case pending
        /// The server accepted it; units arrive.
        case open
        /// The connection was lost; it is announced again after a reconnection.
        case interrupted
        /// Closed.
        case closed
    }

    /// What the spec request says.
    let spec: ISCP1DownstreamSpec
    /// Where the stream is.
    var phase: Phase = .pending
    /// The filters last sent for it, sent again after a reconnection.
    var dataFilters: [ISCP1DataFilter]?
    /// The base time of the data, from the last BaseTime unit, in seconds since 1970.
    var baseTime: TimeInterval?
}
