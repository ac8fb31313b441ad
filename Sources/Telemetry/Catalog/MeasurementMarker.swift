import Foundation

/// A named point or interval of a measurement, such as "overtaking" from 12 s to 19 s.
public struct MeasurementMarker: Sendable, Hashable {
    /// The identifier, a lowercase UUID.
    public let uuid: String
    /// The UUID of the measurement it marks.
    public let measurementUUID: String
    /// A name, possibly empty.
    public var name: String
    /// Free text.
    public var description: String
    /// When it applies.
    public var span: MarkerSpan
    /// String keys with string values.
    public var tag: [String: String]
    /// When it was created.
    public let createdAt: Date
    /// The id of the user who created it.
    public let createdBy: String
    /// When it was last changed.
    public var updatedAt: Date
    /// The id of the user who last changed it.
    public var updatedBy: String

    /// Creates a marker value.
    public init(
        uuid: String, measurementUUID: String, name: String, description: String, span: MarkerSpan, tag: [String: String],
        createdAt: Date, createdBy: String, updatedAt: Date, updatedBy: String
    ) {
        self.uuid = uuid
        self.measurementUUID = measurementUUID
        self.name = name
        self.description = description
        self.span = span
        self.tag = tag
        self.createdAt = createdAt
        self.createdBy = createdBy
        self.updatedAt = updatedAt
        self.updatedBy = updatedBy
    }
}
