import Foundation

/// A stored data point, as `GET …/api/v1/data` gives it.
public struct DataPoint {
    /// When the data was taken.
    public var time: Date?
    /// The measurement it belongs to.
    public var measurementUuid: String
    /// The data type byte (``IntdashDataType``).
    public var dataType: UInt8
    /// The data id as the server shows it: `<channel>/<id>`, such as `1/speed`.
    public var dataId: String
    /// ``dataModel`` as a JSON object (see ``IntdashData``); empty when the payload could not be read.
    public var data: [String: Any]
    /// The value, or `nil` when the payload is of no known type or layout.
    public var dataModel: IntdashData?
    /// When the server stored it.
    public var createAt: Date?
}

/// The stored data points that matched a query.
public struct DataPointsGetDataPointsResponse {
    /// The data points.
    public var dataPoints: [DataPoint]
}
