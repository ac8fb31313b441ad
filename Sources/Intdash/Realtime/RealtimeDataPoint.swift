import Foundation

/// A data point a downstream received.
public struct RealtimeDataPoint: Equatable {
    /// When the data was taken: the stream's base time plus the unit's elapsed time (the
    /// elapsed time since 1970 until a base time arrives).
    public var time: Date
    /// The edge that sent it.
    public var srcEdgeId: String
    /// The data type byte (``IntdashDataType``).
    public var dataType: UInt8
    /// The data id the API shows, such as `speed` or `00000123`; empty for a base time.
    public var dataId: String
    /// The main value: the number of a Float or Int, the text of a String or NMEA unit, the
    /// seconds since 1970 of a base time, the bytes of the other types.
    public var data: Any?
    /// The value.
    public var dataModel: IntdashData

    /// Equal when time, source, type, id and value are.
    public static func == (lhs: RealtimeDataPoint, rhs: RealtimeDataPoint) -> Bool {
        lhs.time == rhs.time && lhs.srcEdgeId == rhs.srcEdgeId && lhs.dataType == rhs.dataType && lhs.dataId == rhs.dataId
            && lhs.dataModel == rhs.dataModel
    }
}
