/// Errors raised by the account store, each with a message fit to show an operator or client.
public enum AccountsError: Error, Equatable, CustomStringConvertible {
    /// A user with this name exists already.
    case userExists(String)
    /// No user has this name.
    case userNotFound(String)
    /// A group with this name exists already.
    case groupExists(String)
    /// No group has this name.
    case groupNotFound(String)
    /// No API key has this identifier.
    case apiKeyNotFound(String)
    /// A user or group name has characters or a length Chancery does not accept.
    case invalidName(String)
    /// A password is shorter than ``AccountStore/minimumPasswordLength``.
    case passwordTooShort(minimum: Int)
    /// The built-in groups `administrators` and `members` cannot be deleted.
    case builtInGroup(String)

    public var description: String {
        switch self {
        case .userExists(let name): return "a user named '\(name)' exists already"
        case .userNotFound(let name): return "no user named '\(name)'"
        case .groupExists(let name): return "a group named '\(name)' exists already"
        case .groupNotFound(let name): return "no group named '\(name)'"
        case .apiKeyNotFound(let id): return "no API key with id '\(id)'"
        case .invalidName(let name):
            return "'\(name)' is not a valid name: use 1 to 64 letters, digits, '.', '_', '-' or '@'"
        case .passwordTooShort(let minimum): return "passwords must have at least \(minimum) characters"
        case .builtInGroup(let name): return "the group '\(name)' is built in and cannot be deleted"
        }
    }
}
