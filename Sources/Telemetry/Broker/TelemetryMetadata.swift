/// What a downstream is told besides data: base times and the life of upstreams.
public enum TelemetryMetadata: Hashable, Sendable {
    /// An upstream set the base time of its session.
    case baseTime(TelemetryBaseTime)
    /// An upstream opened.
    case upstreamOpened(TelemetryUpstream)
    /// An upstream was resumed after its connection was lost.
    case upstreamResumed(TelemetryUpstream)
    /// An upstream closed normally after sending `totalDataPoints` points in chunks up to
    /// `finalSequenceNumber`.
    case upstreamClosed(TelemetryUpstream, totalDataPoints: UInt64, finalSequenceNumber: UInt32)
    /// An upstream's connection was lost and it was not resumed in time.
    case upstreamLost(TelemetryUpstream)

    /// The node the metadata is about, which downstream filters select by.
    public var sourceNodeID: String? {
        switch self {
        case .baseTime: nil
        case .upstreamOpened(let upstream), .upstreamResumed(let upstream), .upstreamClosed(let upstream, _, _), .upstreamLost(let upstream):
            upstream.sourceNodeID
        }
    }
}
