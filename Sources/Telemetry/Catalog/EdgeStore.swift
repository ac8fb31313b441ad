import Accounts
import Foundation
import SQLKit
import Storage

/// The edges (`telemetry_edges`), each tied to an account user and, for devices, an OAuth2
/// client.
///
/// Creating a device edge makes three things that share its UUID:
/// 1. an account user named after the UUID, in the group ``edgesGroup``, with a random
///    password nobody knows (so it signs in only with API keys or OAuth2 tokens);
/// 2. an OAuth2 confidential client whose id is the UUID and whose tokens act for that user,
///    so that `grant_type=client_credentials` with the edge's UUID and secret yields a token
///    for the edge;
/// 3. the edge row.
/// They live in different modules' tables, so they are made one after another; if a later step
/// fails, the earlier ones are undone. Deleting the edge removes all three; the edge's
/// measurements stay.
///
/// Who may see what is ``CatalogScope``'s rule; every read and change takes the caller's scope.
///
/// ```swift
/// let edges = EdgeStore(accounts: accounts)
/// let created = try await edges.create(name: "truck-7", ownerUserID: alice.id)
/// print(created.edge.uuid, created.clientSecret)   // shown once
/// ```
public struct EdgeStore: Sendable {
    /// The account group every device edge's user belongs to.
    public static let edgesGroup = "edges"
    /// The longest name, nickname or description accepted.
    public static let maximumTextLength = 1024

    /// The users and groups; edges' users are made here.
    public let accounts: AccountStore
    /// The OAuth2 clients; device edges' clients are made here.
    public let clients: OAuth2ClientStore
    /// The database of the catalog (the accounts' database).
    public var database: Database { accounts.database }

    /// A store over the accounts' database, whose `accounts` and `telemetry` migrations must
    /// have run.
    public init(accounts: AccountStore) {
        self.accounts = accounts
        self.clients = OAuth2ClientStore(database: accounts.database)
    }

    // MARK: Creating

    /// Creates a device edge with its account user and OAuth2 client.
    ///
    /// - Parameter ownerUserID: The id of the account user who owns the edge, if any.
    /// - Returns: The edge and its client secret, which is not stored and cannot be shown again.
    /// - Throws: ``CatalogError/invalid(_:)`` for an empty or overlong name,
    ///   ``CatalogError/edgeNameTaken(_:)`` when another edge has the name.
    public func create(
        name: String, nickname: String? = nil, description: String = "", ownerUserID: String? = nil, now: Date = Date()
    ) async throws -> CreatedEdge {
        try Self.validate(name: name)
        try Self.validate(text: nickname ?? "", field: "nickname")
        try Self.validate(text: description, field: "description")
        guard try await database.withReadConnection({ try await Self.uuid(ofEdgeNamed: name, in: $0) }) == nil else {
            throw CatalogError.edgeNameTaken(name)
        }
        try await ensureEdgesGroup()
        let uuid = UUID()
        let userName = uuid.uuidString.lowercased()
        let user = try await accounts.createUser(name: userName, password: Secret.randomText(byteCount: 32), groups: [Self.edgesGroup])
        do {
            let client = try await clients.create(name: name, kind: .confidential, ownerUserID: user.id, id: uuid, now: now)
            let edge = Edge(
                uuid: userName, name: name, nickname: nickname ?? name, description: description, type: .device, disabled: false,
                ownerUserID: ownerUserID, userID: user.id, createdAt: now, updatedAt: now, lastLoginAt: nil
            )
            // Read back what was stored, so that the answer equals any later read (timestamps
            // keep the database's precision).
            let stored = try await database.withTransaction { sql in
                guard try await Self.uuid(ofEdgeNamed: name, in: sql) == nil else { throw CatalogError.edgeNameTaken(name) }
                try await Self.insert(edge, in: sql)
                return try await Self.row(uuid: edge.uuid, in: sql)?.edge() ?? edge
            }
            guard let secret = client.secret else { throw CatalogError.invalid("the edge's OAuth2 client has no secret") }
            return CreatedEdge(edge: stored, clientSecret: secret)
        } catch {
            try? await clients.delete(id: userName)
            try? await accounts.deleteUser(named: userName)
            throw error
        }
    }

    /// The edge of `principal` itself: an edge principal's own edge, or a person's `user`
    /// edge, which is made on first use with the person's user id as its UUID and the
    /// person as its owner.
    ///
    /// - Throws: ``CatalogError/edgeNotFound(_:)`` for an edge principal whose edge is gone.
    public func ownEdge(of principal: Principal, now: Date = Date()) async throws -> Edge {
        if case .edge(let uuid) = CatalogScope(principal) {
            return try await edge(uuid: uuid, scope: .edge(uuid: uuid))
        }
        let uuid = principal.userID.lowercased()
        if let existing = try await find(uuid: uuid) { return existing }
        let taken = try await database.withReadConnection { try await Self.uuid(ofEdgeNamed: principal.userName, in: $0) }
        let edge = Edge(
            uuid: uuid, name: taken == nil ? principal.userName : "\(principal.userName)-\(uuid.prefix(8))",
            nickname: principal.userName, description: "", type: .user, disabled: false,
            ownerUserID: principal.userID, userID: principal.userID, createdAt: now, updatedAt: now, lastLoginAt: nil
        )
        try await database.withTransaction { sql in
            guard try await Self.row(uuid: uuid, in: sql) == nil else { return }
            try await Self.insert(edge, in: sql)
        }
        return try await find(uuid: uuid) ?? edge
    }

    // MARK: Reading

    /// The edges `scope` may see that match `query`, one page of them.
    public func list(_ query: EdgeQuery, scope: CatalogScope) async throws -> CatalogPage<Edge> {
        var conditions = query.conditions
        if let condition = scope.edgeCondition { conditions.append(condition) }
        return try await database.withReadConnection { sql in
            try await CatalogPage.read(
                EdgeRow.self, from: "telemetry_edges", where: conditions, sort: query.sort.rawValue, order: query.order,
                page: query.page, in: sql, item: { try $0.edge() }
            )
        }
    }

    /// The edge with `uuid` if `scope` may see it.
    ///
    /// - Throws: ``CatalogError/edgeNotFound(_:)``.
    public func edge(uuid: String, scope: CatalogScope) async throws -> Edge {
        guard let edge = try await find(uuid: uuid), Self.isVisible(edge, in: scope) else { throw CatalogError.edgeNotFound(uuid) }
        return edge
    }

    /// The edge named exactly `name` if `scope` may see it.
    ///
    /// - Throws: ``CatalogError/edgeNotFound(_:)``.
    public func edge(named name: String, scope: CatalogScope) async throws -> Edge {
        let edge = try await database.withReadConnection { sql in
            let row = try await sql.select().columns(EdgeRow.columns).from("telemetry_edges").where("name", .equal, name)
                .first(decoding: EdgeRow.self)
            return try row?.edge()
        }
        guard let edge, Self.isVisible(edge, in: scope) else { throw CatalogError.edgeNotFound(name) }
        return edge
    }

    /// The edge whose own account user is named `userName` (a device edge's UUID), or `nil`.
    public func edge(forUserName userName: String) async throws -> Edge? {
        guard let uuid = UUID(uuidString: userName) else { return nil }
        guard let edge = try await find(uuid: uuid.uuidString.lowercased()), edge.type == .device else { return nil }
        return edge
    }

    // MARK: Changing

    /// Applies `change` to the edge with `uuid`, if `scope` may see it. Disabling a device edge
    /// disables its account user too, so its secret, keys and tokens are refused until it is
    /// enabled again.
    ///
    /// - Throws: ``CatalogError/edgeNotFound(_:)``, ``CatalogError/edgeNameTaken(_:)``,
    ///   ``CatalogError/invalid(_:)``.
    @discardableResult
    public func update(uuid: String, _ change: EdgeUpdate, scope: CatalogScope, now: Date = Date()) async throws -> Edge {
        if let name = change.name { try Self.validate(name: name) }
        try Self.validate(text: change.nickname ?? "", field: "nickname")
        try Self.validate(text: change.description ?? "", field: "description")
        let key = uuid.lowercased()
        let type = try await database.withTransaction { sql in
            guard let row = try await Self.row(uuid: key, in: sql), Self.isVisible(try row.edge(), in: scope) else {
                throw CatalogError.edgeNotFound(uuid)
            }
            if let name = change.name, let other = try await Self.uuid(ofEdgeNamed: name, in: sql), other != key {
                throw CatalogError.edgeNameTaken(name)
            }
            let update = sql.update("telemetry_edges").set("updated_at", to: SQLBind(now)).where("uuid", .equal, key)
            if let name = change.name { update.set("name", to: SQLBind(name)) }
            if let nickname = change.nickname { update.set("nickname", to: SQLBind(nickname)) }
            if let description = change.description { update.set("description", to: SQLBind(description)) }
            if let disabled = change.disabled { update.set("disabled", to: SQLBind(disabled)) }
            try await update.run()
            return try row.edge().type
        }
        // A disabled device is refused where it authenticates: its account user is disabled with it.
        if let disabled = change.disabled, type == .device {
            do {
                try await accounts.setDisabled(disabled, userName: key)
            } catch AccountsError.userNotFound {
                // An edge whose user is gone cannot sign in anyway.
            }
        }
        return try await edge(uuid: key, scope: scope)
    }

    /// Records that the edge with `uuid` connected at `time`. Unknown edges are ignored.
    public func recordLogin(uuid: String, at time: Date = Date()) async throws {
        try await database.withConnection { sql in
            try await sql.update("telemetry_edges").set("last_login_at", to: SQLBind(time)).where("uuid", .equal, uuid.lowercased()).run()
        }
    }

    /// Deletes the edge with `uuid`, if `scope` may see it, and for a device edge also its
    /// OAuth2 client and its account user (with that user's keys and tokens). Its
    /// measurements stay.
    ///
    /// - Throws: ``CatalogError/edgeNotFound(_:)``.
    public func delete(uuid: String, scope: CatalogScope) async throws {
        let edge = try await edge(uuid: uuid, scope: scope)
        try await database.withTransaction { sql in
            try await sql.delete(from: "telemetry_edges").where("uuid", .equal, edge.uuid).run()
            try await sql.delete(from: "telemetry_notarizing_edges").where("edge_uuid", .equal, edge.uuid).run()
        }
        guard edge.type == .device else { return }
        do {
            try await clients.delete(id: edge.uuid)
        } catch OAuth2ClientError.clientNotFound {
            // Already gone: nothing to undo.
        }
        do {
            try await accounts.deleteUser(named: edge.uuid)
        } catch AccountsError.userNotFound {
            // Already gone: nothing to undo.
        }
    }

    // MARK: Rows

    /// Whether `scope` may see `edge`.
    static func isVisible(_ edge: Edge, in scope: CatalogScope) -> Bool {
        switch scope {
        case .everything: return true
        case .owner(let userID): return edge.ownerUserID == userID
        case .edge(let uuid): return edge.uuid == uuid
        }
    }

    /// The edge with `uuid`, whoever may see it.
    private func find(uuid: String) async throws -> Edge? {
        try await database.withReadConnection { sql in
            try await Self.row(uuid: uuid.lowercased(), in: sql)?.edge()
        }
    }

    /// Makes the `edges` group unless it exists.
    private func ensureEdgesGroup() async throws {
        guard try await accounts.group(named: Self.edgesGroup) == nil else { return }
        do {
            try await accounts.createGroup(Self.edgesGroup)
        } catch AccountsError.groupExists {
            // Made by a concurrent request.
        }
    }

    /// The row of the edge with `uuid`, read with `sql`.
    private static func row(uuid: String, in sql: any SQLDatabase) async throws -> EdgeRow? {
        try await sql.select().columns(EdgeRow.columns).from("telemetry_edges").where("uuid", .equal, uuid).first(decoding: EdgeRow.self)
    }

    private static func uuid(ofEdgeNamed name: String, in sql: any SQLDatabase) async throws -> String? {
        try await sql.select().column("uuid").from("telemetry_edges").where("name", .equal, name).first(decodingColumn: "uuid", as: String.self)
    }

    private static func insert(_ edge: Edge, in sql: any SQLDatabase) async throws {
        try await sql.insert(into: "telemetry_edges").columns(EdgeRow.columns).values(
            SQLBind(edge.uuid), SQLBind(edge.name), SQLBind(edge.nickname), SQLBind(edge.description), SQLBind(edge.type.rawValue),
            SQLBind(edge.disabled), SQLBind(edge.ownerUserID), SQLBind(edge.userID), SQLBind(edge.createdAt), SQLBind(edge.updatedAt),
            SQLBind(edge.lastLoginAt)
        ).run()
    }

    // MARK: Validation

    private static func validate(name: String) throws {
        guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw CatalogError.invalid("an edge needs a name") }
        try validate(text: name, field: "name")
    }

    static func validate(text: String, field: String) throws {
        guard text.count <= maximumTextLength else {
            throw CatalogError.invalid("\(field) is longer than \(maximumTextLength) characters")
        }
        guard !text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }) else {
            throw CatalogError.invalid("\(field) contains control characters")
        }
    }
}
