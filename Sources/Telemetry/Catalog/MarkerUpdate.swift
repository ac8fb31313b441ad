/// The changes to a ``MeasurementMarker``: each member that is not `nil` replaces the
/// marker's value.
public struct MarkerUpdate: Sendable, Hashable {
    /// A new name.
    public var name: String?
    /// A new description.
    public var description: String?
    /// A new span (and so possibly a new type).
    public var span: MarkerSpan?
    /// A new tag, replacing the old one whole.
    public var tag: [String: String]?

    /// Describes a change.
    public init(name: String? = nil, description: String? = nil, span: MarkerSpan? = nil, tag: [String: String]? = nil) {
        self.name = name
        self.description = description
        self.span = span
        self.tag = tag
    }
}
