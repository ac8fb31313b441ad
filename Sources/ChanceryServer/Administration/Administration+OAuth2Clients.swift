import Accounts
import Foundation

extension Administration {
    /// The applications registered for the OAuth2 flows, edges' clients among them, by name.
    public func oauth2Clients() async throws -> [OAuth2Client] {
        try await OAuth2ClientStore(database: database).all()
    }

    /// Registers an application: a public one (no secret, PKCE) or a confidential one, whose
    /// secret is in the answer and nowhere else.
    ///
    /// - Throws: ``OAuth2ClientError`` for a redirect URI that is not absolute or has a
    ///   fragment, or a public client without one.
    public func registerOAuth2Client(name: String, kind: OAuth2Client.Kind, redirectURIs: [String]) async throws -> CreatedOAuth2Client {
        try await OAuth2ClientStore(database: database).create(name: name, kind: kind, redirectURIs: redirectURIs)
    }

    /// Removes the application `id` with its codes and refresh tokens. An edge's client goes
    /// only with its edge (``deleteEdge(uuid:)``).
    ///
    /// - Throws: ``OAuth2ClientError/clientNotFound(_:)``, or
    ///   ``OAuth2ClientError/ownedByUser(_:)`` for a client that acts for a user of its own.
    public func deleteOAuth2Client(id: String) async throws {
        let store = OAuth2ClientStore(database: database)
        guard let client = try await store.client(id: id) else { throw OAuth2ClientError.clientNotFound(id) }
        guard client.ownerUserID == nil else { throw OAuth2ClientError.ownedByUser(id) }
        try await store.delete(id: id)
    }
}
