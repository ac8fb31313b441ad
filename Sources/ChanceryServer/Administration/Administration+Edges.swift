import Accounts
import Foundation
import HTTPSupport
import JSON
import Telemetry

extension Administration {
    /// An edge as an administrator lists it.
    public struct EdgeSummary: Sendable {
        /// The edge's UUID.
        public let uuid: String
        /// Its unique name.
        public let name: String
        /// The name shown to people.
        public let nickname: String
        /// Its intdash type (`device`, …).
        public let type: String
        /// The name of the user who owns it (their id when the user is gone), or `nil`.
        public let owner: String?
        /// Whether it may sign in.
        public let isEnabled: Bool
        /// Whether its measurements are notarized when they end.
        public let notarizesMeasurements: Bool
        /// When it was made.
        public let createdAt: Date
        /// The edge as the intdash API answers it.
        public let json: JSONValue
    }

    /// Makes an edge (an account user and an OAuth2 client named after its UUID) owned by the
    /// user `ownerName`, and answers it as the intdash API does, with its client secret: the
    /// only time the secret is shown.
    ///
    /// - Throws: ``AccountsError/userNotFound(_:)`` for an owner that does not exist, or the
    ///   catalog's error for a name that is taken or not allowed.
    public func createEdge(name: String, nickname: String? = nil, description: String = "", ownerName: String? = nil) async throws -> JSONValue {
        let ownerID = try await userID(named: ownerName)
        let created = try await EdgeStore(accounts: accounts).create(name: name, nickname: nickname, description: description, ownerUserID: ownerID)
        return try IntdashJSON.edge(created.edge, clientSecret: created.clientSecret)
    }

    /// Every edge by name, or those of the user `ownerName` whose name contains `nameContaining`.
    ///
    /// - Throws: ``AccountsError/userNotFound(_:)`` for an owner that does not exist.
    public func edges(ownerName: String? = nil, nameContaining: String? = nil) async throws -> [EdgeSummary] {
        var query = EdgeQuery()
        query.name = nameContaining
        query.page = PageRequest(limit: 100_000)
        query.ownerUserID = try await userID(named: ownerName)
        let names = Dictionary(uniqueKeysWithValues: try await accounts.users().map { ($0.id, $0.name) })
        let notarizing = try await MeasurementNotarizations(database: database).notarizingEdges()
        return try await EdgeStore(accounts: accounts).list(query, scope: .everything).items.map { edge in
            EdgeSummary(
                uuid: edge.uuid, name: edge.name, nickname: edge.nickname, type: edge.type.rawValue,
                owner: edge.ownerUserID.map { names[$0] ?? $0 }, isEnabled: !edge.disabled,
                notarizesMeasurements: notarizing.contains(edge.uuid), createdAt: edge.createdAt,
                json: try IntdashJSON.edge(edge)
            )
        }
    }

    /// Lets the edge `uuid` sign in and stream (`enabled` true) or refuses it until enabled
    /// again; its measurements stay readable either way.
    ///
    /// - Throws: the catalog's error for an edge that does not exist.
    public func setEdgeEnabled(uuid: String, _ enabled: Bool) async throws {
        try await EdgeStore(accounts: accounts).update(uuid: uuid, EdgeUpdate(disabled: !enabled), scope: .everything)
    }

    /// Has the measurements of the edge `uuid` notarized when they end (`notarizes` true), or
    /// no longer.
    ///
    /// - Throws: the catalog's error for an edge that does not exist.
    public func setEdgeNotarizesMeasurements(uuid: String, _ notarizes: Bool) async throws {
        let edge = try await EdgeStore(accounts: accounts).edge(uuid: uuid, scope: .everything)
        try await MeasurementNotarizations(database: database).setNotarizes(notarizes, edgeUUID: edge.uuid)
    }

    /// Deletes the edge `uuid` with its OAuth2 client and account user; its measurements stay.
    ///
    /// - Throws: the catalog's error for an edge that does not exist.
    public func deleteEdge(uuid: String) async throws {
        try await EdgeStore(accounts: accounts).delete(uuid: uuid, scope: .everything)
    }

    /// The id of the user `name`, or `nil` without a name.
    private func userID(named name: String?) async throws -> String? {
        guard let name else { return nil }
        guard let user = try await accounts.user(named: name) else { throw AccountsError.userNotFound(name) }
        return user.id
    }
}
