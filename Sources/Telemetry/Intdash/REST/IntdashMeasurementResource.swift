import Foundation
import Hummingbird

/// A measurement as the intdash API shows it: `{uuid, name, description, edge_uuid, basetime,
/// basetime_type, duration, max_elapsed_time, ended, completed, protected, processed_ratio,
/// status, created_at, updated_at}`, durations in microseconds.
///
/// `basetime` is always written, `null` (with `basetime_type` `undefined`) when the
/// measurement has no base time.
public struct IntdashMeasurementResource: ResponseEncodable, Sendable {
    /// The measurement's UUID.
    public let uuid: String
    /// The measurement's name.
    public let name: String
    /// The measurement's description.
    public let description: String
    /// The UUID of the edge that recorded it.
    public let edgeUUID: String
    /// The base time, as an ``IntdashTimestamp``; `nil` (written `null`) when there is none.
    public let basetime: String?
    /// The base time's type, `undefined` when there is none.
    public let basetimeType: String
    /// The elapsed time of the last point, in microseconds.
    public let duration: Int
    /// The same as ``duration``, under the name the current API uses.
    public let maxElapsedTime: Int
    /// Whether the measurement has ended.
    public let ended: Bool
    /// Whether the measurement is complete.
    public let completed: Bool
    /// Whether the measurement may not be deleted.
    public let isProtected: Bool
    /// How much of the measurement's data is processed: always 1, since data is stored as it
    /// arrives and there is never a backlog to process.
    public let processedRatio: Int
    /// The measurement's status.
    public let status: String
    /// When the measurement was made, as an ``IntdashTimestamp``.
    public let createdAt: String
    /// When the measurement last changed, as an ``IntdashTimestamp``.
    public let updatedAt: String

    /// The wire names.
    enum CodingKeys: String, CodingKey {
        case uuid, name, description, basetime, duration, ended, completed, status
        case edgeUUID = "edge_uuid"
        case basetimeType = "basetime_type"
        case maxElapsedTime = "max_elapsed_time"
        case isProtected = "protected"
        case processedRatio = "processed_ratio"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// `measurement` as intdash shows it.
    public init(_ measurement: Measurement) {
        let microseconds = Int(measurement.maxElapsedTime / 1000)
        self.uuid = measurement.uuid
        self.name = measurement.name
        self.description = measurement.description
        self.edgeUUID = measurement.edgeUUID
        self.basetime = measurement.basetime.map { IntdashTimestamp.string(nanoseconds: $0) }
        self.basetimeType = measurement.basetimeType?.rawValue ?? "undefined"
        self.duration = microseconds
        self.maxElapsedTime = microseconds
        self.ended = measurement.ended
        self.completed = measurement.completed
        self.isProtected = measurement.isProtected
        self.processedRatio = 1
        self.status = measurement.status.rawValue
        self.createdAt = IntdashTimestamp.string(measurement.createdAt)
        self.updatedAt = IntdashTimestamp.string(measurement.updatedAt)
    }

    /// Writes every member, `basetime` even when it is `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(uuid, forKey: .uuid)
        try container.encode(name, forKey: .name)
        try container.encode(description, forKey: .description)
        try container.encode(edgeUUID, forKey: .edgeUUID)
        try container.encode(basetime, forKey: .basetime)
        try container.encode(basetimeType, forKey: .basetimeType)
        try container.encode(duration, forKey: .duration)
        try container.encode(maxElapsedTime, forKey: .maxElapsedTime)
        try container.encode(ended, forKey: .ended)
        try container.encode(completed, forKey: .completed)
        try container.encode(isProtected, forKey: .isProtected)
        try container.encode(processedRatio, forKey: .processedRatio)
        try container.encode(status, forKey: .status)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(updatedAt, forKey: .updatedAt)
    }
}
