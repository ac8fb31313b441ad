import Foundation
import ISCP

/// The state of one upstream of an ``IntdashClient/UpstreamManager``.
struct UpstreamStream: Sendable {
    /// Where the stream is in its life.
    enum Phase: Sendable, Equatable {
        /// Opened by the app, not yet announced to the server (``IntdashClient/UpstreamManager/sync(removeClosedStream:retryCount:completion:)``).
        case pending
        /// The server accepted it; units flow.
        case open
        /// The connection was lost; it is announced again after a reconnection.
        case interrupted
        /// Closed.
        case closed
    }

    /// The stream id.
    let streamID: UInt8
    /// What the spec request says.
    let spec: ISCP1UpstreamSpec
    /// How many times a section may be sent again after reconnections.
    let retryCount: Int
    /// The length of a section, in seconds.
    let sectionInterval: TimeInterval
    /// For a resend stream: the section id of each section index it may send; `nil` for a
    /// realtime stream.
    let resendSections: [Int: Int]?
    /// Where the stream is.
    var phase: Phase = .pending
    /// The channel of its units, set by its first data.
    var channel: UInt8 = 1
    /// Whether the base time was sent.
    var firstDataSent = false
    /// The serial number of the next new section.
    var nextSectionID: UInt32
    /// The section units are going into.
    var current: UpstreamSection?
    /// Ended sections without an acknowledgement, oldest first.
    var unacknowledged: [UpstreamSection] = []

    /// The serial number and index of the section a unit of `elapsedTime` goes into, or
    /// `nil` when a resend stream has no section for it.
    mutating func sectionSlot(for elapsedTime: TimeInterval) -> (id: UInt32, index: Int)? {
        let index = Int((max(elapsedTime, 0) / sectionInterval).rounded(.down))
        if let current, current.index == index { return (current.id, index) }
        if let resendSections, !resendSections.isEmpty {
            guard let id = resendSections[index], let serial = UInt32(exactly: id) else { return nil }
            return (serial, index)
        }
        defer { nextSectionID &+= 1 }
        return (nextSectionID, index)
    }
}
