/// The user on whose behalf a request runs, as established by an authenticator.
public struct Principal: Sendable, Hashable {
    /// The user's stable identifier.
    public let userID: String
    /// The user's login name.
    public let userName: String
    /// The names of the groups the user belongs to.
    public let groups: Set<String>
    /// How the user proved who they are.
    public let credential: CredentialKind

    /// Creates a principal.
    public init(userID: String, userName: String, groups: Set<String>, credential: CredentialKind) {
        self.userID = userID
        self.userName = userName
        self.groups = groups
        self.credential = credential
    }

    /// Whether the user belongs to `group`.
    public func isMember(of group: String) -> Bool { groups.contains(group) }

    /// Whether the user belongs to the `administrators` group.
    public var isAdministrator: Bool { isMember(of: Group.administrators) }
}

/// The kinds of credentials Chancery accepts.
public enum CredentialKind: String, Sendable, Hashable, Codable {
    /// A user name and password (HTTP Basic).
    case password
    /// A long-lived API key.
    case apiKey = "api_key"
    /// A short-lived bearer access token.
    case accessToken = "access_token"
    /// A token bound to one application on one device (Nuxeo token authentication).
    case deviceToken = "device_token"
}
