/// Who a storage quota applies to: one user, or every member of a group.
public enum QuotaSubject: Hashable, Sendable, CustomStringConvertible {
    /// The user with this name.
    case user(String)
    /// Every member of the group with this name.
    case group(String)

    /// The kind as stored: `user` or `group`.
    public var kind: String {
        switch self {
        case .user: return "user"
        case .group: return "group"
        }
    }

    /// The user or group name.
    public var name: String {
        switch self {
        case .user(let name), .group(let name): return name
        }
    }

    /// The subject a stored kind and name stand for, or `nil` for an unknown kind.
    init?(kind: String, name: String) {
        switch kind {
        case "user": self = .user(name)
        case "group": self = .group(name)
        default: return nil
        }
    }

    public var description: String { "\(kind) \(name)" }
}
