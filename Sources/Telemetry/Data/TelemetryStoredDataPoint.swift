import Foundation

/// A data point as a query returns it: its data id, the point, and when the server stored it.
public struct TelemetryStoredDataPoint: Hashable, Sendable {
    /// The point's data id.
    public let dataID: TelemetryDataID
    /// The point.
    public let dataPoint: TelemetryDataPoint
    /// When the chunk that carried it was stored.
    public let receivedAt: Date

    /// Creates a stored point.
    public init(dataID: TelemetryDataID, dataPoint: TelemetryDataPoint, receivedAt: Date) {
        self.dataID = dataID
        self.dataPoint = dataPoint
        self.receivedAt = receivedAt
    }
}
