import Foundation
import JSON
import SQLKit
import Storage

/// The registered OAuth2 clients (`oauth2_clients`), with their secrets stored as SHA-256
/// hashes like every other Chancery secret.
///
/// ```swift
/// let clients = OAuth2ClientStore(database: database)
/// let edge = try await clients.create(name: "truck 7", kind: .confidential, ownerUserID: serviceUser.id)
/// let client = try await clients.authenticate(clientID: edge.client.id, secret: edge.secret!)  // the edge
/// ```
public struct OAuth2ClientStore: Sendable {
    /// The database that holds the account tables.
    public let database: Database

    /// A store over `database`, whose `accounts` migrations must have run.
    public init(database: Database) {
        self.database = database
    }

    /// Registers a client. A confidential client gets a new secret, returned here and
    /// nowhere else.
    ///
    /// - Parameters:
    ///   - id: The client identifier; a new UUID when `nil` (an edge passes its own UUID).
    ///   - redirectURIs: Where authorization codes may be sent; required for a public client.
    ///   - ownerUserID: The user the client's own tokens act for (client credentials grant).
    /// - Throws: ``OAuth2ClientError``.
    public func create(
        name: String, kind: OAuth2Client.Kind, redirectURIs: [String] = [], ownerUserID: String? = nil,
        id: UUID? = nil, now: Date = Date()
    ) async throws -> CreatedOAuth2Client {
        for uri in redirectURIs where !Self.isValidRedirectURI(uri) { throw OAuth2ClientError.invalidRedirectURI(uri) }
        if kind == .public, redirectURIs.isEmpty { throw OAuth2ClientError.publicClientWithoutRedirectURI }
        let clientID = (id ?? UUID()).uuidString.lowercased()
        let secret = kind == .confidential ? Secret.generate(prefix: "chs_") : nil
        let redirectURIsJSON = String(decoding: try JSONEncoder().encode(redirectURIs), as: UTF8.self)
        try await database.withTransaction { sql in
            if let ownerUserID {
                let owner = try await sql.select().column("id").from("account_users").where("id", .equal, ownerUserID).first()
                guard owner != nil else { throw OAuth2ClientError.ownerNotFound(ownerUserID) }
            }
            let existing = try await sql.select().column("client_id").from("oauth2_clients").where("client_id", .equal, clientID).first()
            guard existing == nil else { throw OAuth2ClientError.clientExists(clientID) }
            try await sql.insert(into: "oauth2_clients")
                .columns("client_id", "name", "kind", "secret_hash", "redirect_uris", "owner_user_id", "created_at")
                .values(
                    SQLBind(clientID), SQLBind(name), SQLBind(kind.rawValue), SQLBind(secret.map(Secret.hash)),
                    SQLBind(redirectURIsJSON), SQLBind(ownerUserID), SQLBind(now)
                )
                .run()
        }
        let client = OAuth2Client(id: clientID, name: name, kind: kind, redirectURIs: redirectURIs, ownerUserID: ownerUserID, createdAt: now)
        return CreatedOAuth2Client(client: client, secret: secret)
    }

    /// The client with identifier `id`, or `nil`.
    public func client(id: String) async throws -> OAuth2Client? {
        try await find(id: id)?.client
    }

    /// Every registered client, oldest first.
    public func all() async throws -> [OAuth2Client] {
        let rows = try await database.withReadConnection { sql in
            try await sql.select().columns(Self.columns).from("oauth2_clients").orderBy("created_at").orderBy("client_id").all()
        }
        return try rows.map { try Self.decode($0).client }
    }

    /// The confidential client `clientID` when `secret` is its secret, else `nil` (also for
    /// an unknown or a public client).
    ///
    /// The stored hash is compared in constant time, and an unknown client costs the same
    /// comparison, so timing reveals neither secrets nor which clients exist.
    public func authenticate(clientID: String, secret: String) async throws -> OAuth2Client? {
        let presented = Secret.hash(secret)
        let found = try await find(id: clientID)
        guard let found, let storedHash = found.secretHash else {
            _ = ConstantTime.equal(presented, Self.decoyHash)
            return nil
        }
        return ConstantTime.equal(presented, storedHash) ? found.client : nil
    }

    /// Removes client `id` with its authorization codes and refresh tokens; access tokens it
    /// holds stop being accepted.
    ///
    /// - Throws: ``OAuth2ClientError/clientNotFound(_:)``.
    public func delete(id: String) async throws {
        try await database.withTransaction { sql in
            let existing = try await sql.select().column("client_id").from("oauth2_clients").where("client_id", .equal, id).first()
            guard existing != nil else { throw OAuth2ClientError.clientNotFound(id) }
            // Deleted explicitly: SQLite does not enforce foreign keys here.
            try await sql.delete(from: "oauth2_refresh_tokens").where("client_id", .equal, id).run()
            try await sql.delete(from: "oauth2_authorization_codes").where("client_id", .equal, id).run()
            try await sql.delete(from: "oauth2_clients").where("client_id", .equal, id).run()
        }
    }

    /// The client's row: its description and its secret hash.
    private func find(id: String) async throws -> (client: OAuth2Client, secretHash: String?)? {
        let row = try await database.withReadConnection { sql in
            try await sql.select().columns(Self.columns).from("oauth2_clients").where("client_id", .equal, id).first()
        }
        return try row.map(Self.decode)
    }

    /// The columns a client is read from.
    private static let columns = ["client_id", "name", "kind", "secret_hash", "redirect_uris", "owner_user_id", "created_at"]

    /// The client a row of ``columns`` describes, and its secret hash.
    private static func decode(_ row: any SQLRow) throws -> (client: OAuth2Client, secretHash: String?) {
        let id = try row.decode(column: "client_id", as: String.self)
        let kindText = try row.decode(column: "kind", as: String.self)
        guard let kind = OAuth2Client.Kind(rawValue: kindText) else {
            throw OAuth2ClientError.unknownStoredKind(clientID: id, kind: kindText)
        }
        let redirectURIs = try JSONValue.parseStrings(try row.decode(column: "redirect_uris", as: String.self).utf8)
        let client = OAuth2Client(
            id: id,
            name: try row.decode(column: "name", as: String.self),
            kind: kind,
            redirectURIs: redirectURIs,
            ownerUserID: try row.decode(column: "owner_user_id", as: String?.self),
            createdAt: try row.decode(column: "created_at", as: Date.self)
        )
        return (client, try row.decode(column: "secret_hash", as: String?.self))
    }

    /// A hash no secret has, compared against when the client is unknown.
    private static let decoyHash = String(repeating: "0", count: 64)

    /// Whether `uri` is absolute (has a scheme) and has no fragment.
    private static func isValidRedirectURI(_ uri: String) -> Bool {
        guard let components = URLComponents(string: uri), let scheme = components.scheme, !scheme.isEmpty else { return false }
        return components.fragment == nil && !uri.contains("#")
    }
}
