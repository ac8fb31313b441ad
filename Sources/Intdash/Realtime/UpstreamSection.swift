import Foundation

/// A section of an upstream: the unit of acknowledgement and of resend (spec §2.3). The
/// server stores it whole and answers its EOS marker with a SectionAck.
struct UpstreamSection: Sendable {
    /// The serial number the SOS and EOS markers carry.
    let id: UInt32
    /// The elapsed-time slot it covers: the elapsed time divided by the section length.
    let index: Int
    /// When it started, by the clock of this device; it ends a section length later.
    let startedAt: Date
    /// The encoded unit elements, kept until the server acknowledges the section.
    var units: [[UInt8]] = []
    /// The earliest and latest elapsed times of its units.
    var elapsedTimes: ClosedRange<TimeInterval>?
    /// Whether its EOS marker says it is the last section of the measurement.
    var isFinal = false
    /// How many times it was sent again after a reconnection.
    var resendCount = 0

    /// Records a unit of `elapsedTime`.
    mutating func append(_ unit: [UInt8], elapsedTime: TimeInterval) {
        units.append(unit)
        elapsedTimes = elapsedTimes.map { min($0.lowerBound, elapsedTime)...max($0.upperBound, elapsedTime) } ?? elapsedTime...elapsedTime
    }
}
