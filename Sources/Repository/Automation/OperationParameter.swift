/// One parameter an operation takes, as the registry describes it to clients.
public struct OperationParameter: Sendable {
    /// The parameter's name.
    public let name: String
    /// Its type, one of the names clients know (`string`, `document`, `properties`, …).
    public let type: String
    /// Whether the operation fails without it.
    public let isRequired: Bool

    /// Creates a parameter description.
    public init(_ name: String, _ type: String, required: Bool = false) {
        self.name = name
        self.type = type
        self.isRequired = required
    }
}
