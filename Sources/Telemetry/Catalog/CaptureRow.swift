import Foundation
import Storage

/// A `telemetry_captures` row.
struct CaptureRow: TableRow {
    /// The columns.
    enum CodingKeys: String, CodingKey, CaseIterable {
        case uuid, name, description
        case edgeUUID = "edge_uuid"
        case start, duration
        case isShared = "shared"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// The capture's UUID.
    let uuid: String
    /// The capture's name.
    let name: String
    /// The capture's description.
    let description: String
    /// The UUID of the edge whose data it captures.
    let edgeUUID: String
    /// When the capture starts, in nanoseconds since 1970-01-01T00:00:00Z.
    let start: Int64
    /// How long the capture lasts, in microseconds.
    let duration: Int64
    /// Whether others may see the capture.
    let isShared: Bool
    /// When the capture was made.
    let createdAt: Date
    /// When the capture last changed.
    let updatedAt: Date

    /// The capture the row holds.
    var capture: Capture {
        Capture(
            uuid: uuid, name: name, description: description, edgeUUID: edgeUUID, start: start, duration: duration, isShared: isShared,
            createdAt: createdAt, updatedAt: updatedAt
        )
    }
}
