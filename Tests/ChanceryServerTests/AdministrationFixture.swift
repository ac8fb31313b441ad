import Accounts
import ChanceryServer
import ChanceryTestSupport
import Storage

/// A fresh instance to administer: a database with every module's tables, a data directory,
/// and the users `alice` (in the group `staff`) and `bob`.
struct AdministrationFixture {
    let administration: Administration
    let accounts: AccountStore
    let dataDirectory: String

    /// Runs `body` with a fresh fixture on the engine of this test run.
    static func with(_ body: (AdministrationFixture) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await TemporaryDirectory.with { folder in
                try await database.migrate(Platform.migrations, logger: TestDatabase.logger)
                let accounts = AccountStore(database: database, passwords: PasswordHasher(cost: 4))
                try await accounts.createGroup("staff")
                _ = try await accounts.createUser(name: "alice", password: "alice password", groups: [Group.members, "staff"])
                _ = try await accounts.createUser(name: "bob", password: "bob password", groups: [Group.members])
                let administration = Administration(accounts: accounts, dataDirectory: folder, blobs: .embedded(in: folder))
                try await body(AdministrationFixture(administration: administration, accounts: accounts, dataDirectory: folder))
            }
        }
    }
}
