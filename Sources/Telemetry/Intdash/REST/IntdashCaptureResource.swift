import Foundation
import Hummingbird

/// A capture as the intdash API shows it: `{uuid, name, description, edge_uuid, start,
/// duration, shared, created_at, updated_at}`, `start` an ``IntdashTimestamp`` and `duration`
/// in microseconds.
struct IntdashCaptureResource: ResponseEncodable, Sendable {
    /// The capture's UUID.
    let uuid: String
    /// The capture's name.
    let name: String
    /// The capture's description.
    let description: String
    /// The UUID of the edge whose data it captures.
    let edgeUUID: String
    /// When the capture starts, as an ``IntdashTimestamp``.
    let start: String
    /// How long the capture lasts, in microseconds.
    let duration: Int
    /// Whether others may see the capture.
    let shared: Bool
    /// When the capture was made, as an ``IntdashTimestamp``.
    let createdAt: String
    /// When the capture last changed, as an ``IntdashTimestamp``.
    let updatedAt: String

    /// The wire names.
    enum CodingKeys: String, CodingKey {
        case uuid, name, description, start, duration, shared
        case edgeUUID = "edge_uuid"
        case createdAt = "created_at"
        case updatedAt = "updated_at"
    }

    /// `capture` as intdash shows it.
    init(_ capture: Capture) {
        self.uuid = capture.uuid
        self.name = capture.name
        self.description = capture.description
        self.edgeUUID = capture.edgeUUID
        self.start = IntdashTimestamp.string(nanoseconds: capture.start)
        self.duration = Int(capture.duration)
        self.shared = capture.isShared
        self.createdAt = IntdashTimestamp.string(capture.createdAt)
        self.updatedAt = IntdashTimestamp.string(capture.updatedAt)
    }
}
