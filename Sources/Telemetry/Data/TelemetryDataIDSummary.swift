/// What a measurement holds of one data id: how many points and over which span of time.
public struct TelemetryDataIDSummary: Hashable, Sendable {
    /// The data id.
    public let dataID: TelemetryDataID
    /// How many points of it are stored.
    public let pointCount: Int
    /// The earliest elapsed time of those points, in nanoseconds.
    public let firstElapsedTime: Int64
    /// The latest elapsed time of those points, in nanoseconds.
    public let lastElapsedTime: Int64

    /// Creates a summary.
    public init(dataID: TelemetryDataID, pointCount: Int, firstElapsedTime: Int64, lastElapsedTime: Int64) {
        self.dataID = dataID
        self.pointCount = pointCount
        self.firstElapsedTime = firstElapsedTime
        self.lastElapsedTime = lastElapsedTime
    }
}
