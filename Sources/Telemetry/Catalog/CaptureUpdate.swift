/// The changes to a ``Capture`` (intdash's `PUT /v1/captures/{uuid}` body): each member that
/// is not `nil` is applied.
public struct CaptureUpdate: Sendable, Hashable {
    /// A new name.
    public var name: String?
    /// A new description.
    public var description: String?
    /// A new start, in nanoseconds since 1970-01-01T00:00:00Z.
    public var start: Int64?
    /// A new length, in microseconds; not negative.
    public var duration: Int64?
    /// Shares (`true`) or unshares (`false`) it.
    public var isShared: Bool?

    /// Describes a change.
    public init(name: String? = nil, description: String? = nil, start: Int64? = nil, duration: Int64? = nil, isShared: Bool? = nil) {
        self.name = name
        self.description = description
        self.start = start
        self.duration = duration
        self.isShared = isShared
    }
}
