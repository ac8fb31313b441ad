/// What of one upstream is stored: how far its sequence numbers got, and how many points.
///
/// An instance that takes over an iSCP v2 upstream from another reads it, so that chunks the
/// other instance stored and the device sends again are not stored or routed twice.
public struct TelemetryStreamProgress: Hashable, Sendable {
    /// The highest sequence number of a stored chunk, 0 when none is stored.
    public let highestSequenceNumber: UInt32
    /// How many points the stored chunks hold.
    public let dataPoints: UInt64

    /// Nothing stored.
    public static let none = TelemetryStreamProgress(highestSequenceNumber: 0, dataPoints: 0)

    /// Creates a progress.
    public init(highestSequenceNumber: UInt32, dataPoints: UInt64) {
        self.highestSequenceNumber = highestSequenceNumber
        self.dataPoints = dataPoints
    }
}
