/// The list between SELECT and FROM.
public enum NXQLSelection: Sendable, Hashable, CustomStringConvertible {
    /// `SELECT *`.
    case allProperties
    /// `SELECT ecm:uuid, dc:title`: the properties named, in order.
    case properties([NXQLProperty])

    /// The selection in NXQL.
    public var description: String {
        switch self {
        case .allProperties:
            return "*"
        case .properties(let properties):
            return properties.map(\.description).joined(separator: ", ")
        }
    }
}
