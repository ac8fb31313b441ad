import Foundation
import Storage

/// A `telemetry_measurements` row.
struct MeasurementRow: TableRow {
    /// The columns.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case uuid, name, description
        case edgeUUID = "edge_uuid"
        case basetime
        case basetimeType = "basetime_type"
        case maxElapsedTime = "max_elapsed_time"
        case ended, completed
        case isProtected = "protected"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// The measurement's UUID.
    let uuid: String
    /// The measurement's name.
    let name: String
    /// The measurement's description.
    let description: String
    /// The UUID of the edge that recorded it.
    let edgeUUID: String
    /// The base time in nanoseconds since 1970-01-01T00:00:00Z, if any.
    let basetime: Int64?
    /// The raw value of the base time's ``BaseTimeType``, empty when there is none.
    let basetimeType: String
    /// The elapsed time of the last point, in nanoseconds.
    let maxElapsedTime: Int64
    /// Whether the measurement has ended.
    let ended: Bool
    /// Whether the measurement is complete.
    let completed: Bool
    /// Whether the measurement may not be deleted.
    let isProtected: Bool
    /// When the measurement was made.
    let createdAt: Date
    /// When the measurement last changed.
    let updatedAt: Date

    /// The measurement the row holds.
    var measurement: Measurement {
        Measurement(
            uuid: uuid, name: name, description: description, edgeUUID: edgeUUID, basetime: basetime,
            basetimeType: BaseTimeType(rawValue: basetimeType), maxElapsedTime: maxElapsedTime, ended: ended, completed: completed,
            isProtected: isProtected, createdAt: createdAt, updatedAt: updatedAt
        )
    }
}
