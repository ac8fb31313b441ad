import Accounts
import ChanceryTestSupport
import Foundation
import Storage
import Telemetry
import Testing

/// A fresh database with the account and telemetry tables, the catalog's stores, and three
/// users: `admin` (an administrator), `alice` and `bob` (people).
struct CatalogFixture {
    let database: Database
    let accounts: AccountStore
    let edges: EdgeStore
    let measurements: MeasurementStore
    let admin: Principal
    let alice: Principal
    let bob: Principal

    /// Runs `body` with a fresh fixture on the engine of this test run.
    static func with(_ body: (CatalogFixture) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([AccountsMigrations.all, TelemetryMigrations.all], logger: TestDatabase.logger)
            let accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4))
            func person(_ name: String, groups: [String] = [Group.members]) async throws -> Principal {
                let user = try await accounts.createUser(name: name, password: "\(name) password", groups: groups)
                return Principal(userID: user.id, userName: name, groups: Set(groups), credential: .password)
            }
            try await body(
                CatalogFixture(
                    database: database, accounts: accounts, edges: EdgeStore(accounts: accounts),
                    measurements: MeasurementStore(database: database),
                    admin: try await person("admin", groups: [Group.administrators, Group.members]),
                    alice: try await person("alice"), bob: try await person("bob")
                ))
        }
    }

    /// The principal an edge's API key stands for.
    func principal(of edge: Edge) async throws -> Principal {
        let key = try await accounts.createAPIKey(userName: edge.uuid, label: "test")
        return try #require(try await accounts.authenticate(apiKey: key.secret))
    }
}
