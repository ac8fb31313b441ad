/// A JSON Web Key Set (RFC 7517 §5): the document a JWKS endpoint serves, `{"keys": [...]}`.
public struct JSONWebKeySet: Codable, Sendable, Hashable {
    /// The public keys whose tokens are to be trusted.
    public let keys: [JSONWebKey]

    /// A set of `keys`.
    public init(keys: [JSONWebKey]) {
        self.keys = keys
    }
}
