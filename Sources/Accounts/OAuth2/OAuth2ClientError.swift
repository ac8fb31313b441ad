/// Why registering or removing an OAuth2 client failed.
public enum OAuth2ClientError: Error, Equatable, CustomStringConvertible {
    /// A client with this identifier exists already.
    case clientExists(String)
    /// No client has this identifier.
    case clientNotFound(String)
    /// The owner user does not exist.
    case ownerNotFound(String)
    /// A redirect URI is not an absolute URI without a fragment (RFC 6749 §3.1.2).
    case invalidRedirectURI(String)
    /// A public client was registered without a redirect URI, so it could never get a token.
    case publicClientWithoutRedirectURI
    /// The client acts for a user of its own (an edge's client), so it goes only with that
    /// edge or user.
    case ownedByUser(String)
    /// A stored client has a kind this build does not know (a newer version wrote it).
    case unknownStoredKind(clientID: String, kind: String)

    /// The reason in words.
    public var description: String {
        switch self {
        case .clientExists(let id): "an OAuth2 client with id '\(id)' exists already"
        case .clientNotFound(let id): "no OAuth2 client with id '\(id)'"
        case .ownerNotFound(let id): "no user with id '\(id)' to own the client"
        case .invalidRedirectURI(let uri): "'\(uri)' is not an absolute redirect URI without a fragment"
        case .publicClientWithoutRedirectURI: "a public client needs at least one redirect URI"
        case .ownedByUser(let id): "the OAuth2 client '\(id)' belongs to an edge or a service user: delete it with the edge"
        case .unknownStoredKind(let id, let kind): "the OAuth2 client '\(id)' is stored with the unknown kind '\(kind)'"
        }
    }
}
