import Foundation

/// A named span of an edge's data: intdash's *capture*.
public struct Capture: Sendable, Hashable {
    /// The identifier, a lowercase UUID.
    public let uuid: String
    /// A name, possibly empty.
    public var name: String
    /// Free text.
    public var description: String
    /// The UUID of the edge whose data it spans.
    public let edgeUUID: String
    /// When it starts, in nanoseconds since 1970-01-01T00:00:00Z.
    public var start: Int64
    /// How long it lasts, in microseconds (the unit of intdash's API).
    public var duration: Int64
    /// Whether it is marked as shared with other edges.
    public var isShared: Bool
    /// When it was created.
    public let createdAt: Date
    /// When it was last changed.
    public var updatedAt: Date

    /// Creates a capture value.
    public init(
        uuid: String, name: String, description: String, edgeUUID: String, start: Int64, duration: Int64, isShared: Bool,
        createdAt: Date, updatedAt: Date
    ) {
        self.uuid = uuid
        self.name = name
        self.description = description
        self.edgeUUID = edgeUUID
        self.start = start
        self.duration = duration
        self.isShared = isShared
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}
