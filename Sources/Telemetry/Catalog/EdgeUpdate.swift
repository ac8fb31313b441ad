/// The changes to an ``Edge``: each member that is not `nil` replaces the edge's value.
public struct EdgeUpdate: Sendable, Hashable {
    /// A new unique name.
    public var name: String?
    /// A new nickname.
    public var nickname: String?
    /// A new description.
    public var description: String?
    /// Switches the edge off or on.
    public var disabled: Bool?

    /// Describes a change.
    public init(name: String? = nil, nickname: String? = nil, description: String? = nil, disabled: Bool? = nil) {
        self.name = name
        self.nickname = nickname
        self.description = description
        self.disabled = disabled
    }
}
