/// What a downstream wants from one node: the node and the data ids, as iSCP v2's
/// `DownstreamFilter`.
public struct TelemetryDownstreamFilter: Hashable, Sendable, Codable {
    /// The node whose upstreams are watched.
    public let sourceNodeID: String
    /// The data ids wanted; a group passes when any filter matches it.
    public let dataFilters: [TelemetryDataFilter]

    /// Creates a filter.
    public init(sourceNodeID: String, dataFilters: [TelemetryDataFilter]) {
        self.sourceNodeID = sourceNodeID
        self.dataFilters = dataFilters
    }

    /// Every data id of `sourceNodeID`.
    public static func all(from sourceNodeID: String) -> TelemetryDownstreamFilter {
        TelemetryDownstreamFilter(sourceNodeID: sourceNodeID, dataFilters: [.all])
    }

    /// Whether a group of `dataID` from `sourceNodeID` passes.
    public func passes(_ dataID: TelemetryDataID, from sourceNodeID: String) -> Bool {
        sourceNodeID == self.sourceNodeID && dataFilters.contains { $0.matches(dataID) }
    }
}
