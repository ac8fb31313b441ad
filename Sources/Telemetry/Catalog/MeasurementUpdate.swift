/// The changes to a ``Measurement`` (intdash's `PUT /v1/measurements/{uuid}` body): each
/// member that is not `nil` is applied.
///
/// A new ``basetime`` is recorded as a base time of type ``basetimeType`` (`manual` when that
/// is `nil`), and the measurement's base time is then the highest-priority one it has. A
/// ``basetimeType`` alone records the measurement's current base time value under that type.
public struct MeasurementUpdate: Sendable, Hashable {
    /// A new name.
    public var name: String?
    /// A new description.
    public var description: String?
    /// The type of ``basetime``, or of the current base time value.
    public var basetimeType: BaseTimeType?
    /// A new base time, in nanoseconds since 1970-01-01T00:00:00Z.
    public var basetime: Int64?
    /// Ends (`true`) or reopens (`false`) acquisition.
    public var ended: Bool?

    /// Describes a change.
    public init(name: String? = nil, description: String? = nil, basetimeType: BaseTimeType? = nil, basetime: Int64? = nil, ended: Bool? = nil) {
        self.name = name
        self.description = description
        self.basetimeType = basetimeType
        self.basetime = basetime
        self.ended = ended
    }
}
