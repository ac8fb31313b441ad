import Foundation
import Storage

/// A `telemetry_measurement_basetimes` row.
struct MeasurementBaseTimeRow: TableRow {
    /// The columns.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case measurementUUID = "measurement_uuid"
        case type, basetime
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// The UUID of the measurement the base time belongs to.
    let measurementUUID: String
    /// The raw value of the base time's ``BaseTimeType``.
    let type: String
    /// The base time in nanoseconds since 1970-01-01T00:00:00Z.
    let basetime: Int64
    /// When the base time was first set.
    let createdAt: Date
    /// When the base time last changed.
    let updatedAt: Date

    /// The base time the row holds; `nil` for a type this server does not know.
    var baseTime: MeasurementBaseTime? {
        guard let type = BaseTimeType(rawValue: type) else { return nil }
        return MeasurementBaseTime(type: type, basetime: basetime, createdAt: createdAt, updatedAt: updatedAt)
    }
}
