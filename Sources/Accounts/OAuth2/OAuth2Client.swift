import Foundation

/// An application registered to obtain tokens: an app a person signs in to, or a device that
/// authenticates as itself.
public struct OAuth2Client: Sendable, Hashable {
    /// Whether a client can keep a secret (RFC 6749 §2.1).
    public enum Kind: String, Sendable, Hashable, Codable {
        /// An app on a person's device or in a browser: it has no secret and must use PKCE.
        case `public`
        /// A server or a device (an edge) that holds a secret and authenticates with it.
        case confidential
    }

    /// The client identifier, a lowercase UUID (for an edge, the edge's UUID).
    public let id: String
    /// A name to show people, on the consent page and in listings.
    public let name: String
    /// Whether the client has a secret.
    public let kind: Kind
    /// The redirect URIs authorization codes may be sent to; a request must name one exactly.
    public let redirectURIs: [String]
    /// The user the client's own tokens (client credentials grant) act for, such as an
    /// edge's service user; `nil` when the client only acts for people who sign in.
    public let ownerUserID: String?
    /// When the client was registered.
    public let createdAt: Date

    /// Describes a client.
    public init(id: String, name: String, kind: Kind, redirectURIs: [String], ownerUserID: String?, createdAt: Date) {
        self.id = id
        self.name = name
        self.kind = kind
        self.redirectURIs = redirectURIs
        self.ownerUserID = ownerUserID
        self.createdAt = createdAt
    }
}

/// A newly registered client, the only moment its secret is known.
public struct CreatedOAuth2Client: Sendable {
    /// The stored description of the client.
    public let client: OAuth2Client
    /// The secret to give to a confidential client (`nil` for a public one). It cannot be
    /// recovered later.
    public let secret: String?
}
