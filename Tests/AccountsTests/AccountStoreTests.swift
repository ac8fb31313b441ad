import Accounts
import ChanceryTestSupport
import Crypto
import Foundation
import SQLKit
import Storage
import Testing

/// Account tests run on the engine of the test run, with a cheap bcrypt cost.
@Suite struct AccountStoreTests {
    static func withAccounts(_ body: (AccountStore) async throws -> Void) async throws {
        try await withAccountsDatabase { database in
            try await body(AccountStore(database: database, passwords: PasswordHasher(cost: 4)))
        }
    }

    /// Runs `body` with a fresh database whose `accounts` migrations have run.
    static func withAccountsDatabase(_ body: (Database) async throws -> Void) async throws {
        try await TestDatabase.with { database in
            try await database.migrate([AccountsMigrations.all], logger: TestDatabase.logger)
            try await body(database)
        }
    }

    /// Makes a key through `server`, revokes it through `elsewhere` (another instance, or the
    /// `chancery` command), and expects the server to refuse it on the next request.
    static func expectRevocationThroughAnotherStoreApplies(server: AccountStore, elsewhere: AccountStore) async throws {
        try await server.createUser(name: "alice", password: "long enough")
        let key = try await server.createAPIKey(userName: "alice", label: "phone")
        #expect(try await server.authenticate(apiKey: key.secret) != nil)
        try await elsewhere.revokeAPIKey(id: key.key.id)
        #expect(try await server.authenticate(apiKey: key.secret) == nil)
    }

    @Test func startsWithTheTwoStandardGroups() async throws {
        try await Self.withAccounts { accounts in
            let names = try await accounts.groups().map(\.name)
            #expect(names == [Group.administrators, Group.members])
        }
    }

    @Test func authenticatesAPasswordAndRefusesAWrongOne() async throws {
        try await Self.withAccounts { accounts in
            let alice = try await accounts.createUser(name: "alice", password: "correct horse")
            let principal = try #require(try await accounts.authenticate(userName: "alice", password: "correct horse"))
            #expect(principal.userID == alice.id)
            #expect(principal.groups == [Group.members])
            #expect(principal.credential == .password)
            #expect(!principal.isAdministrator)
            #expect(try await accounts.authenticate(userName: "alice", password: "wrong horse") == nil)
            #expect(try await accounts.authenticate(userName: "nobody", password: "correct horse") == nil)
        }
    }

    @Test func storesPasswordsAsBcryptHashes() async throws {
        try await Self.withAccounts { accounts in
            try await accounts.createUser(name: "alice", password: "correct horse")
            let stored = try await accounts.database.withConnection { sql in
                try await sql.select().column("password_hash").from("account_users").where("name", .equal, "alice")
                    .first(decodingColumn: "password_hash", as: String.self)
            }
            #expect(stored?.hasPrefix("$2b$04$") == true)
            #expect(stored?.contains("correct horse") == false)
        }
    }

    @Test func aChangedPasswordReplacesTheOldOneAtOnce() async throws {
        try await Self.withAccounts { accounts in
            try await accounts.createUser(name: "alice", password: "first password")
            // Authenticate once so the old password sits in the verification cache.
            #expect(try await accounts.authenticate(userName: "alice", password: "first password") != nil)
            try await accounts.setPassword(userName: "alice", to: "second password")
            #expect(try await accounts.authenticate(userName: "alice", password: "first password") == nil)
            #expect(try await accounts.authenticate(userName: "alice", password: "second password") != nil)
            await #expect(throws: AccountsError.userNotFound("bob")) { try await accounts.setPassword(userName: "bob", to: "whatever1") }
        }
    }

    @Test func validatesNamesAndPasswords() async throws {
        try await Self.withAccounts { accounts in
            await #expect(throws: AccountsError.invalidName("a b")) { try await accounts.createUser(name: "a b", password: "long enough") }
            await #expect(throws: AccountsError.invalidName("")) { try await accounts.createUser(name: "", password: "long enough") }
            await #expect(throws: AccountsError.passwordTooShort(minimum: 8)) { try await accounts.createUser(name: "bob", password: "short") }
            try await accounts.createUser(name: "bob", password: "long enough")
            await #expect(throws: AccountsError.userExists("bob")) { try await accounts.createUser(name: "bob", password: "long enough") }
            await #expect(throws: AccountsError.groupNotFound("nope")) {
                try await accounts.createUser(name: "carol", password: "long enough", groups: ["nope"])
            }
            #expect(try await accounts.user(named: "carol") == nil)
        }
    }

    @Test func groupsCollectMembers() async throws {
        try await Self.withAccounts { accounts in
            try await accounts.createUser(name: "alice", password: "long enough")
            try await accounts.createGroup("auditors")
            await #expect(throws: AccountsError.groupExists("auditors")) { try await accounts.createGroup("auditors") }
            try await accounts.addMember(userName: "alice", toGroup: "auditors")
            try await accounts.addMember(userName: "alice", toGroup: "auditors")
            await #expect(throws: AccountsError.groupNotFound("ghosts")) { try await accounts.addMember(userName: "alice", toGroup: "ghosts") }
            await #expect(throws: AccountsError.userNotFound("zed")) { try await accounts.addMember(userName: "zed", toGroup: "auditors") }
            let groups = try await accounts.groups()
            #expect(groups.first { $0.name == "auditors" }?.members == ["alice"])
            #expect(try await accounts.user(named: "alice")?.groups == ["auditors", Group.members])
            let principal = try await accounts.authenticate(userName: "alice", password: "long enough")
            #expect(principal?.isMember(of: "auditors") == true)
        }
    }

    @Test func apiKeysAreStoredHashedAndCanBeRevoked() async throws {
        try await Self.withAccounts { accounts in
            try await accounts.createUser(name: "alice", password: "long enough")
            let created = try await accounts.createAPIKey(userName: "alice", label: "phone")
            #expect(created.secret.hasPrefix("chk_"))
            let principal = try #require(try await accounts.authenticate(apiKey: created.secret))
            #expect(principal.userName == "alice")
            #expect(principal.credential == .apiKey)
            let stored = try await accounts.database.withConnection { sql in
                try await sql.select().column("secret_hash").from("account_api_keys").all(decodingColumn: "secret_hash", as: String.self)
            }
            #expect(stored == [Secret.hash(created.secret)])
            #expect(try await accounts.apiKeys(userName: "alice").map(\.label) == ["phone"])

            try await accounts.revokeAPIKey(id: created.key.id)
            #expect(try await accounts.authenticate(apiKey: created.secret) == nil)
            #expect(try await accounts.apiKeys().first?.revokedAt != nil)
            await #expect(throws: AccountsError.apiKeyNotFound("nope")) { try await accounts.revokeAPIKey(id: "nope") }
            await #expect(throws: AccountsError.userNotFound("bob")) { try await accounts.createAPIKey(userName: "bob", label: "x") }
        }
    }

    @Test func unknownKeysAndTokensAreRefused() async throws {
        try await Self.withAccounts { accounts in
            let byKey = try await accounts.authenticate(apiKey: "chk_made-up")
            let byToken = try await accounts.authenticate(accessToken: "cht_made-up")
            #expect(byKey == nil)
            #expect(byToken == nil)
        }
    }

    @Test func aDisabledUserIsRefusedEveryCredentialUntilEnabled() async throws {
        try await Self.withAccounts { accounts in
            try await accounts.createUser(name: "alice", password: "long enough")
            let principal = try #require(try await accounts.authenticate(userName: "alice", password: "long enough"))
            let key = try await accounts.createAPIKey(userName: "alice", label: "phone").secret
            let token = try await accounts.issueAccessToken(for: principal, lifetime: .seconds(3600)).token
            let device = try await accounts.deviceToken(
                for: principal, application: "app", deviceID: "phone", permission: "READ", description: nil, key: SymmetricKey(size: .bits256)
            ).token

            try await accounts.setDisabled(true, userName: "alice")
            #expect(try await accounts.user(named: "alice")?.isDisabled == true)
            #expect(try await accounts.authenticate(userName: "alice", password: "long enough") == nil)
            #expect(try await accounts.authenticate(apiKey: key) == nil)
            #expect(try await accounts.authenticate(accessToken: token) == nil)
            #expect(try await accounts.authenticate(deviceToken: device) == nil)
            // Disabling twice keeps the first time.
            let since = try #require(try await accounts.user(named: "alice")?.disabledAt)
            try await accounts.setDisabled(true, userName: "alice")
            #expect(try await accounts.user(named: "alice")?.disabledAt == since)

            try await accounts.setDisabled(false, userName: "alice")
            #expect(try await accounts.users().first { $0.name == "alice" }?.isDisabled == false)
            #expect(try await accounts.authenticate(userName: "alice", password: "long enough") != nil)
            #expect(try await accounts.authenticate(apiKey: key) != nil)
            #expect(try await accounts.authenticate(deviceToken: device) != nil)
            // The sessions that disabling ended stay ended.
            #expect(try await accounts.authenticate(accessToken: token) == nil)
            await #expect(throws: AccountsError.userNotFound("bob")) { try await accounts.setDisabled(true, userName: "bob") }
        }
    }

    @Test func accessTokensExpire() async throws {
        try await Self.withAccounts { accounts in
            try await accounts.createUser(name: "alice", password: "long enough")
            let principal = try #require(try await accounts.authenticate(userName: "alice", password: "long enough"))
            let live = try await accounts.issueAccessToken(for: principal, lifetime: .seconds(3600))
            #expect(live.token.hasPrefix("cht_"))
            #expect(live.expiresAt.timeIntervalSinceNow > 3500)
            let bearer = try #require(try await accounts.authenticate(accessToken: live.token))
            #expect(bearer.userID == principal.userID)
            #expect(bearer.credential == .accessToken)

            let expired = try await accounts.issueAccessToken(for: principal, lifetime: .seconds(-1))
            #expect(try await accounts.authenticate(accessToken: expired.token) == nil)
        }
    }

    @Test func bootstrapsTheAdministratorOnce() async throws {
        try await Self.withAccounts { accounts in
            let generated = try #require(try await accounts.bootstrapAdministrator(password: nil))
            #expect(generated.count >= 20)
            let principal = try #require(try await accounts.authenticate(userName: "Administrator", password: generated))
            #expect(principal.isAdministrator)
            #expect(try await accounts.bootstrapAdministrator(password: nil) == nil)
            #expect(try await accounts.authenticate(userName: "Administrator", password: generated) != nil)
        }
    }

    @Test func bootstrapsTheAdministratorWithAChosenPassword() async throws {
        try await Self.withAccounts { accounts in
            let generated = try await accounts.bootstrapAdministrator(password: "chosen password")
            #expect(generated == nil)
            let principal = try await accounts.authenticate(userName: "Administrator", password: "chosen password")
            #expect(principal?.isAdministrator == true)
        }
    }

    @Test func everyChangeThatTakesAccessAwayAppliesToTheNextRequestThoughTheSecretWasJustFound() async throws {
        try await Self.withAccounts { accounts in
            try await accounts.createUser(name: "alice", password: "long enough")
            try await accounts.createGroup("editors")
            try await accounts.addMember(userName: "alice", toGroup: "editors")
            let principal = try #require(try await accounts.authenticate(userName: "alice", password: "long enough"))
            let key = try await accounts.createAPIKey(userName: "alice", label: "phone")
            let token = try await accounts.issueAccessToken(for: principal, lifetime: .seconds(3600)).token
            let deviceKey = SymmetricKey(size: .bits256)
            let device = try await accounts.deviceToken(
                for: principal, application: "app", deviceID: "phone", permission: "READ", description: nil, key: deviceKey
            ).token
            func groupsByKey() async throws -> Set<String>? { try await accounts.authenticate(apiKey: key.secret)?.groups }

            #expect(try await groupsByKey() == [Group.members, "editors"])
            try await accounts.setGroups([Group.members], ofUser: "alice")
            #expect(try await groupsByKey() == [Group.members])
            try await accounts.addMember(userName: "alice", toGroup: "editors")
            #expect(try await groupsByKey() == [Group.members, "editors"])
            try await accounts.saveGroup(GroupDetails(name: "editors", label: "", memberUsers: [], memberGroups: []), replacing: true)
            #expect(try await groupsByKey() == [Group.members])
            try await accounts.addMember(userName: "alice", toGroup: "editors")
            #expect(try await groupsByKey() == [Group.members, "editors"])
            try await accounts.deleteGroup(named: "editors")
            #expect(try await groupsByKey() == [Group.members])

            #expect(try await accounts.authenticate(accessToken: token) != nil)
            try await accounts.revokeAccessToken(token)
            #expect(try await accounts.authenticate(accessToken: token) == nil)
            #expect(try await accounts.authenticate(deviceToken: device) != nil)
            #expect(try await accounts.revokeDeviceToken(for: principal, application: "app", deviceID: "phone"))
            #expect(try await accounts.authenticate(deviceToken: device) == nil)
            try await accounts.revokeAPIKey(id: key.key.id)
            #expect(try await accounts.authenticate(apiKey: key.secret) == nil)

            let second = try await accounts.createAPIKey(userName: "alice", label: "laptop").secret
            #expect(try await accounts.authenticate(apiKey: second) != nil)
            try await accounts.setDisabled(true, userName: "alice")
            #expect(try await accounts.authenticate(apiKey: second) == nil)
            try await accounts.setDisabled(false, userName: "alice")
            #expect(try await accounts.authenticate(apiKey: second) != nil)
            try await accounts.deleteUser(named: "alice")
            #expect(try await accounts.authenticate(apiKey: second) == nil)
        }
    }

    /// Instances on one PostgreSQL database answer a client's requests in turn: a change made
    /// through one holds on the next request to another, whatever the lookup lifetime.
    @Test(.enabled(if: TestDatabase.engine == .postgres))
    func onPostgreSQLAChangeMadeThroughAnotherInstanceAppliesAtOnce() async throws {
        try await Self.withAccountsDatabase { database in
            try await Self.expectRevocationThroughAnotherStoreApplies(
                server: AccountStore(database: database, passwords: PasswordHasher(cost: 4)),
                elsewhere: AccountStore(database: database, passwords: PasswordHasher(cost: 4))
            )
        }
    }

    /// On SQLite another process on the same file (the `chancery` command next to a running
    /// server) tells the server through the database's marker file: its change applies to the
    /// server's next request however long the server keeps what it found.
    @Test(.enabled(if: TestDatabase.engine == .sqlite))
    func onSQLiteAChangeMadeByAnotherProcessOnTheSameFileAppliesAtOnce() async throws {
        try await Self.withAccountsDatabase { database in
            let server = AccountStore(database: database, passwords: PasswordHasher(cost: 4), secretLookupLifetime: .seconds(3600))
            let command = try await Database.open(database.location, logger: TestDatabase.logger)
            do {
                let elsewhere = AccountStore(database: command, passwords: PasswordHasher(cost: 4))
                try await server.createUser(name: "alice", password: "long enough")
                let kept = try await server.createAPIKey(userName: "alice", label: "kept")
                let revoked = try await server.createAPIKey(userName: "alice", label: "revoked")
                #expect(try await server.authenticate(apiKey: kept.secret) != nil)
                #expect(try await server.authenticate(apiKey: revoked.secret) != nil)

                // A row changed behind every store's back goes unseen while the server keeps
                // the key's principal: the marker, not a lookup, carries the change.
                try await command.withConnection { sql in
                    try await sql.update("account_api_keys").set("revoked_at", to: Date()).where("id", .equal, kept.key.id).run()
                }
                #expect(try await server.authenticate(apiKey: kept.secret) != nil)

                try await elsewhere.revokeAPIKey(id: revoked.key.id)
                #expect(try await server.authenticate(apiKey: revoked.secret) == nil)
                #expect(try await server.authenticate(apiKey: kept.secret) == nil)

                try await elsewhere.createUser(name: "bob", password: "long enough")
                let bobs = try await server.createAPIKey(userName: "bob", label: "laptop")
                #expect(try await server.authenticate(apiKey: bobs.secret) != nil)
                try await elsewhere.setDisabled(true, userName: "bob")
                #expect(try await server.authenticate(apiKey: bobs.secret) == nil)
            } catch {
                try? await command.close()
                throw error
            }
            try await command.close()
        }
    }

    @Test func withoutALookupLifetimeAChangeMadeElsewhereAppliesAtOnce() async throws {
        try await Self.withAccountsDatabase { database in
            // Another process on the same database: the `chancery` command, another instance.
            try await Self.expectRevocationThroughAnotherStoreApplies(
                server: AccountStore(database: database, passwords: PasswordHasher(cost: 4), secretLookupLifetime: .zero),
                elsewhere: AccountStore(database: database, passwords: PasswordHasher(cost: 4))
            )
        }
    }
}
