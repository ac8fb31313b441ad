import Foundation
import Hummingbird

/// A marker as the intdash API shows it: `{uuid, measurement_uuid, name, description, type,
/// detail, tag, created_at, created_by, updated_at, updated_by}`.
public struct IntdashMarkerResource: ResponseEncodable, Sendable {
    /// When a marker applies, in microseconds of elapsed time: `{occurred_elapsed_time}` for a
    /// point, `{start_elapsed_time, end_elapsed_time}` for a range.
    public struct Detail: Encodable, Sendable {
        /// A point's instant; absent for a range.
        public let occurredElapsedTime: Int?
        /// A range's first instant; absent for a point.
        public let startElapsedTime: Int?
        /// A range's last instant; absent for a point.
        public let endElapsedTime: Int?

        /// The wire names.
        enum CodingKeys: String, CodingKey {
            case occurredElapsedTime = "occurred_elapsed_time"
            case startElapsedTime = "start_elapsed_time"
            case endElapsedTime = "end_elapsed_time"
        }

        /// The detail of `span`.
        init(_ span: MarkerSpan) {
            switch span {
            case .point(let occurredAt):
                self.occurredElapsedTime = Int(occurredAt)
                self.startElapsedTime = nil
                self.endElapsedTime = nil
            case .range(let start, let end):
                self.occurredElapsedTime = nil
                self.startElapsedTime = Int(start)
                self.endElapsedTime = Int(end)
            }
        }
    }

    /// The marker's UUID.
    public let uuid: String
    /// The UUID of the measurement it marks.
    public let measurementUUID: String
    /// The marker's name.
    public let name: String
    /// The marker's description.
    public let description: String
    /// `point` or `range`.
    public let type: String
    /// When the marker applies.
    public let detail: Detail
    /// The marker's tags, an object of strings (`{}` when there are none).
    public let tag: [String: String]
    /// When the marker was made, as an ``IntdashTimestamp``.
    public let createdAt: String
    /// The user ID of who made it.
    public let createdBy: String
    /// When the marker last changed, as an ``IntdashTimestamp``.
    public let updatedAt: String
    /// The user ID of who last changed it.
    public let updatedBy: String

    /// The wire names.
    enum CodingKeys: String, CodingKey {
        case uuid, name, description, type, detail, tag
        case measurementUUID = "measurement_uuid"
        case createdAt = "created_at"
        case createdBy = "created_by"
        case updatedAt = "updated_at"
        case updatedBy = "updated_by"
    }

    /// `marker` as intdash shows it.
    public init(_ marker: MeasurementMarker) {
        self.uuid = marker.uuid
        self.measurementUUID = marker.measurementUUID
        self.name = marker.name
        self.description = marker.description
        self.type = marker.span.typeName
        self.detail = Detail(marker.span)
        self.tag = marker.tag
        self.createdAt = IntdashTimestamp.string(marker.createdAt)
        self.createdBy = marker.createdBy
        self.updatedAt = IntdashTimestamp.string(marker.updatedAt)
        self.updatedBy = marker.updatedBy
    }
}
