/// Data points of one data id, in the order they were sent.
public struct TelemetryDataPointGroup: Hashable, Sendable {
    /// The data id all the points share.
    public let dataID: TelemetryDataID
    /// The points.
    public let dataPoints: TelemetryDataPoints

    /// Creates a group.
    public init(dataID: TelemetryDataID, dataPoints: TelemetryDataPoints) {
        self.dataID = dataID
        self.dataPoints = dataPoints
    }

    /// Creates a group of the points in `dataPoints`.
    public init(dataID: TelemetryDataID, dataPoints: [TelemetryDataPoint]) {
        self.init(dataID: dataID, dataPoints: TelemetryDataPoints(dataPoints))
    }
}
