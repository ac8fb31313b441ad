import Foundation

/// One base time of a measurement, as one clock gave it.
public struct MeasurementBaseTime: Sendable, Hashable {
    /// The clock.
    public let type: BaseTimeType
    /// The time, in nanoseconds since 1970-01-01T00:00:00Z.
    public var basetime: Int64
    /// When it was first recorded.
    public let createdAt: Date
    /// When it was last changed.
    public var updatedAt: Date

    /// Creates a base time value.
    public init(type: BaseTimeType, basetime: Int64, createdAt: Date, updatedAt: Date) {
        self.type = type
        self.basetime = basetime
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
