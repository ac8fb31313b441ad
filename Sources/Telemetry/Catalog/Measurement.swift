import Foundation

/// One recording session of an edge: intdash's *measurement* (iSCP's session).
public struct Measurement: Sendable, Hashable {
    /// The identifier, a lowercase UUID (iSCP v2's `session_id`).
    public let uuid: String
    /// A name, possibly empty.
    public var name: String
    /// Free text.
    public var description: String
    /// The UUID of the edge that recorded it.
    public let edgeUUID: String
    /// The wall-clock time elapsed times count from, in nanoseconds since
    /// 1970-01-01T00:00:00Z: the base time of the highest-priority type it has, or `nil`.
    public var basetime: Int64?
    /// The type of ``basetime``; `nil` when there is none.
    public var basetimeType: BaseTimeType?
    /// The largest elapsed time of its data so far, in nanoseconds: its length.
    public var maxElapsedTime: Int64
    /// Whether acquisition has ended.
    public var ended: Bool
    /// Whether every piece of data has arrived.
    public var completed: Bool
    /// Whether it is protected from deletion.
    public var isProtected: Bool
    /// When it was created.
    public let createdAt: Date
    /// When it was last changed.
    public var updatedAt: Date

    /// Creates a measurement value.
    public init(
        uuid: String, name: String, description: String, edgeUUID: String, basetime: Int64?, basetimeType: BaseTimeType?,
        maxElapsedTime: Int64, ended: Bool, completed: Bool, isProtected: Bool, createdAt: Date, updatedAt: Date
    ) {
        self.uuid = uuid
        self.name = name
        self.description = description
        self.edgeUUID = edgeUUID
        self.basetime = basetime
        self.basetimeType = basetimeType
        self.maxElapsedTime = maxElapsedTime
        self.ended = ended
        self.completed = completed
        self.isProtected = isProtected
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The status its flags give.
    public var status: MeasurementStatus { MeasurementStatus(ended: ended, completed: completed) }
}
