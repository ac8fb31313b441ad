import Accounts
import ChanceryTestSupport
import Foundation
import HTTPSupport
import JSON
import Repository
import Storage

/// A migrated database, a blob store, a bootstrapped repository and three users: the
/// administrator, and `alice` and `bob`, plain members.
struct RepositoryFixture {
    let repository: Repository
    let accounts: AccountStore
    let admin: AccessChecker
    let alice: AccessChecker
    let bob: AccessChecker

    /// Runs `body` with a fresh fixture on this run's database engine.
    static func with(_ body: (RepositoryFixture) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await TemporaryDirectory.with { directory in
                _ = try await database.migrate([AccountsMigrations.all, RepositoryMigrations.all, QuotaMigrations.all], logger: TestDatabase.logger)
                let accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4))
                let repository = Repository(database: database, blobs: try await FileBlobStore(directory: directory))
                try await repository.bootstrap()
                _ = try await accounts.bootstrapAdministrator(password: "administrator password")
                try await accounts.createUser(name: "alice", password: "alice password")
                try await accounts.createUser(name: "bob", password: "bob password")
                func checker(_ name: String, _ password: String) async throws -> AccessChecker {
                    guard let principal = try await accounts.authenticate(userName: name, password: password) else {
                        throw FixtureError.cannotSignIn(name)
                    }
                    return AccessChecker(principal: principal)
                }
                try await body(
                    RepositoryFixture(
                        repository: repository, accounts: accounts,
                        admin: try await checker(AccountStore.administratorName, "administrator password"),
                        alice: try await checker("alice", "alice password"), bob: try await checker("bob", "bob password")
                    ))
            }
        }
    }

    /// `/default-domain/workspaces`.
    func workspaces() async throws -> Document {
        try await repository.document(.path("/default-domain/workspaces"), for: admin)
    }

    /// A new Workspace under `/default-domain/workspaces`, made by the administrator.
    func workspace(_ name: String) async throws -> Document {
        try await repository.create(type: "Workspace", name: name, properties: ["dc:title": .string(name)], in: try await workspaces(), for: admin)
    }

    enum FixtureError: Error { case cannotSignIn(String) }
}
