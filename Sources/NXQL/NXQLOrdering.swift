/// One ORDER BY item: a property and a direction.
public struct NXQLOrdering: Sendable, Hashable, CustomStringConvertible {
    /// The property results are sorted by.
    public var property: NXQLProperty

    /// True for DESC, false for ASC (the default).
    public var isDescending: Bool

    /// Creates an ORDER BY item.
    public init(property: NXQLProperty, isDescending: Bool = false) {
        self.property = property
        self.isDescending = isDescending
    }

    /// The item in NXQL, for example `dc:title DESC`.
    public var description: String {
        isDescending ? "\(property) DESC" : "\(property)"
    }
}
