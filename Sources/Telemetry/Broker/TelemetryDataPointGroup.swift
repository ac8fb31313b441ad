/// Data points of one data id, in the order they were sent.
public struct TelemetryDataPointGroup: Hashable, Sendable {
    /// The data id all the points share.
    public let dataID: TelemetryDataID
    /// The points.
    public let dataPoints: [TelemetryDataPoint]

    /// Creates a group.
    public init(dataID: TelemetryDataID, dataPoints: [TelemetryDataPoint]) {
        self.dataID = dataID
        self.dataPoints = dataPoints
    }
}
