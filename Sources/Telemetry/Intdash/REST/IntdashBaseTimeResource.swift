import Foundation
import Hummingbird

/// A measurement's base time as the intdash API shows it: `{type, basetime, created_at,
/// updated_at}`.
public struct IntdashBaseTimeResource: ResponseEncodable, Sendable {
    /// The clock the base time comes from.
    public let type: String
    /// The base time, as an ``IntdashTimestamp``.
    public let basetime: String
    /// When it was first set, as an ``IntdashTimestamp``.
    public let createdAt: String
    /// When it last changed, as an ``IntdashTimestamp``.
    public let updatedAt: String

    /// The wire names.
    enum CodingKeys: String, CodingKey {
        case type, basetime
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// `baseTime` as intdash shows it.
    public init(_ baseTime: MeasurementBaseTime) {
        self.type = baseTime.type.rawValue
        self.basetime = IntdashTimestamp.string(nanoseconds: baseTime.basetime)
        self.createdAt = IntdashTimestamp.string(baseTime.createdAt)
        self.updatedAt = IntdashTimestamp.string(baseTime.updatedAt)
    }
}
