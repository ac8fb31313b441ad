import Foundation
import Storage

/// A `telemetry_measurement_markers` row.
struct MeasurementMarkerRow: TableRow {
    /// The columns.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case uuid
        case measurementUUID = "measurement_uuid"
        case name, description, type
        case startElapsedTime = "start_elapsed_time"
        case endElapsedTime = "end_elapsed_time"
        case tag
        case createdAt = "created_at"
        case createdBy = "created_by"
        case updatedAt = "updated_at"
        case updatedBy = "updated_by"
    }

    /// The marker's UUID.
    let uuid: String
    /// The UUID of the measurement it marks.
    let measurementUUID: String
    /// The marker's name.
    let name: String
    /// The marker's description.
    let description: String
    /// `point` or `range`.
    let type: String
    /// A point's instant or a range's first, in microseconds of elapsed time.
    let startElapsedTime: Int64
    /// A range's last instant, in microseconds of elapsed time; `nil` for a point.
    let endElapsedTime: Int64?
    /// The marker's tags, as the JSON text of an object of strings.
    let tag: String
    /// When the marker was made.
    let createdAt: Date
    /// The user ID of who made it.
    let createdBy: String
    /// When the marker last changed.
    let updatedAt: Date
    /// The user ID of who last changed it.
    let updatedBy: String

    /// The marker the row holds: a range when its type is `range` and it has an end, a point
    /// otherwise.
    ///
    /// - Throws: `DecodingError` when ``tag`` is not the JSON text of an object of strings.
    func marker() throws -> MeasurementMarker {
        let span: MarkerSpan
        switch (type, endElapsedTime) {
        case ("range", let end?): span = .range(start: startElapsedTime, end: end)
        default: span = .point(occurredAt: startElapsedTime)
        }
        return MeasurementMarker(
            uuid: uuid, measurementUUID: measurementUUID, name: name, description: description, span: span,
            tag: try JSONDecoder().decode([String: String].self, from: Data(tag.utf8)), createdAt: createdAt, createdBy: createdBy,
            updatedAt: updatedAt, updatedBy: updatedBy
        )
    }
}
