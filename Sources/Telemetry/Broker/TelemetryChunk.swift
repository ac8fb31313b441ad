/// One batch of data points an upstream sent, the unit the broker routes, acknowledges and
/// stores.
public struct TelemetryChunk: Hashable, Sendable {
    /// The stream that sent it.
    public let upstream: TelemetryUpstream
    /// Its position in that stream, from 1 (iSCP v2) or the section serial number (iSCP 1.0).
    public let sequenceNumber: UInt32
    /// The points, by data id.
    public let groups: [TelemetryDataPointGroup]

    /// Creates a chunk.
    public init(upstream: TelemetryUpstream, sequenceNumber: UInt32, groups: [TelemetryDataPointGroup]) {
        self.upstream = upstream
        self.sequenceNumber = sequenceNumber
        self.groups = groups
    }

    /// How many data points the chunk carries.
    public var dataPointCount: Int { groups.reduce(0) { $0 + $1.dataPoints.count } }

    /// The same chunk with only the groups `isIncluded` keeps, or `nil` when it keeps none.
    public func keepingGroups(where isIncluded: (TelemetryDataPointGroup) -> Bool) -> TelemetryChunk? {
        let kept = groups.filter(isIncluded)
        if kept.isEmpty { return nil }
        return kept.count == groups.count ? self : TelemetryChunk(upstream: upstream, sequenceNumber: sequenceNumber, groups: kept)
    }
}
