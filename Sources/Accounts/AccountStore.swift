import Foundation
import HummingbirdBcrypt
import Logging
import SQLKit
import Storage

/// Users, groups, API keys and access tokens, and the checks that turn credentials into a
/// ``Principal``.
///
/// ```swift
/// let accounts = AccountStore(database: database)
/// _ = try await accounts.createUser(name: "alice", password: "correct horse battery")
/// let key = try await accounts.createAPIKey(userName: "alice", label: "phone app")
/// let principal = try await accounts.authenticate(apiKey: key.secret)   // alice
/// ```
public final class AccountStore: Sendable {
    /// The fewest characters a password may have.
    public static let minimumPasswordLength = 8
    /// The name of the user created on first start.
    public static let administratorName = "Administrator"

    /// The database that holds the account tables.
    public let database: Database
    /// Hashes and checks passwords.
    public let passwords: PasswordHasher
    /// Counts failed password and API key checks and locks out guessers.
    public let throttle: CredentialThrottle
    /// The principals of secrets found lately.
    let principals: PrincipalCache

    /// Creates a store over `database`, whose `accounts` migrations must have run.
    ///
    /// - Parameter secretLookupLifetime: On SQLite, how long a secret found (an API key, an
    ///   access or device token) acts without being looked up again. Changes made through this
    ///   store, or through another store on the same database file (the `chancery` command),
    ///   apply at once all the same (``AccessChangeMarker``); the lifetime bounds how long
    ///   anything else goes unseen. Zero looks every secret up every time, as on PostgreSQL,
    ///   where instances that share the database answer a client's requests in turn and a
    ///   change through one must hold on all at once.
    public init(
        database: Database, passwords: PasswordHasher = PasswordHasher(), lockouts: LockoutPolicy = .standard,
        secretLookupLifetime: Duration = .seconds(1)
    ) {
        self.database = database
        self.passwords = passwords
        self.throttle = CredentialThrottle(database: database, policy: lockouts)
        self.principals = PrincipalCache(
            lifetime: database.engine == .sqlite ? secretLookupLifetime : .zero,
            marker: database.location.sqliteFile.map(AccessChangeMarker.init(databasePath:))
        )
    }

    // MARK: Users

    /// Creates a user with a password and puts it in `groups`.
    @discardableResult
    public func createUser(name: String, password: String, groups: [String] = [Group.members]) async throws -> User {
        try Self.validate(name: name)
        try Self.validate(password: password)
        let passwordHash = try await passwords.hash(password)
        let id = UUID().uuidString.lowercased()
        let now = Date()
        try await database.withTransaction { sql in
            guard try await Self.userID(named: name, in: sql) == nil else { throw AccountsError.userExists(name) }
            try await sql.insert(into: "account_users")
                .columns("id", "name", "password_hash", "created_at")
                .values(SQLBind(id), SQLBind(name), SQLBind(passwordHash), SQLBind(now))
                .run()
            for group in Set(groups) {
                try await Self.insertMembership(userID: id, group: group, in: sql)
            }
        }
        return User(id: id, name: name, groups: Set(groups).sorted(), createdAt: now)
    }

    /// Replaces a user's password.
    public func setPassword(userName: String, to password: String) async throws {
        try Self.validate(password: password)
        let passwordHash = try await passwords.hash(password)
        try await database.withTransaction { sql in
            guard try await Self.userID(named: userName, in: sql) != nil else { throw AccountsError.userNotFound(userName) }
            try await sql.update("account_users").set("password_hash", to: passwordHash).where("name", .equal, userName).run()
        }
    }

    /// Disables the user named `userName` (`disabled` true) or enables them again. While
    /// disabled, their password, API keys, device tokens, OAuth2 grants and access tokens are
    /// refused; disabling also ends their browser sessions and other access tokens at once.
    ///
    /// - Throws: ``AccountsError/userNotFound(_:)``.
    public func setDisabled(_ disabled: Bool, userName: String) async throws {
        try await changeAccess { sql in
            guard let userID = try await Self.userID(named: userName, in: sql) else { throw AccountsError.userNotFound(userName) }
            if disabled {
                try await sql.update("account_users").set("disabled_at", to: SQLBind(Date()))
                    .where("id", .equal, userID).where("disabled_at", .is, SQLLiteral.null).run()
                try await sql.delete(from: "account_access_tokens").where("user_id", .equal, userID).run()
            } else {
                try await sql.update("account_users").set("disabled_at", to: SQLLiteral.null).where("id", .equal, userID).run()
            }
        }
    }

    /// The user named `name`, or `nil`.
    public func user(named name: String) async throws -> User? {
        try await database.withConnection { sql in
            guard
                let row = try await sql.select().columns("id", "name", "created_at", "disabled_at").from("account_users")
                    .where("name", .equal, name).first()
            else { return nil }
            return try await Self.user(from: row, in: sql)
        }
    }

    /// Every user, sorted by name.
    public func users() async throws -> [User] {
        try await database.withConnection { sql in
            var users: [User] = []
            for row in try await sql.select().columns("id", "name", "created_at", "disabled_at").from("account_users").orderBy("name").all() {
                users.append(try await Self.user(from: row, in: sql))
            }
            return users
        }
    }

    // MARK: Groups

    /// Creates an empty group.
    public func createGroup(_ name: String) async throws {
        try Self.validate(name: name)
        try await database.withTransaction { sql in
            guard try await !Self.groupExists(name, in: sql) else { throw AccountsError.groupExists(name) }
            try await sql.insert(into: "account_groups").columns("name", "created_at").values(SQLBind(name), SQLBind(Date())).run()
        }
    }

    /// Every group with its members, sorted by name.
    public func groups() async throws -> [GroupMembers] {
        try await database.withConnection { sql in
            let names = try await sql.select().column("name").from("account_groups").orderBy("name")
                .all(decodingColumn: "name", as: String.self)
            let rows = try await sql.select()
                .column(SQLColumn("group_name", table: "m"))
                .column(SQLColumn("name", table: "u"))
                .from(SQLAlias(SQLIdentifier("account_group_members"), as: SQLIdentifier("m")))
                .join(
                    SQLAlias(SQLIdentifier("account_users"), as: SQLIdentifier("u")), method: SQLJoinMethod.inner,
                    on: SQLColumn("user_id", table: "m"), .equal, SQLColumn("id", table: "u")
                )
                .orderBy(SQLColumn("name", table: "u"))
                .all()
            var members: [String: [String]] = [:]
            for row in rows {
                members[try row.decode(column: "group_name", as: String.self), default: []].append(try row.decode(column: "name", as: String.self))
            }
            return names.map { GroupMembers(name: $0, members: members[$0] ?? []) }
        }
    }

    /// Adds a user to a group. Adding a member twice is not an error.
    public func addMember(userName: String, toGroup group: String) async throws {
        try await changeAccess { sql in
            guard let userID = try await Self.userID(named: userName, in: sql) else { throw AccountsError.userNotFound(userName) }
            let existing = try await sql.select().column("user_id").from("account_group_members")
                .where("group_name", .equal, group).where("user_id", .equal, userID).first()
            if existing == nil {
                try await Self.insertMembership(userID: userID, group: group, in: sql)
            }
        }
    }

    // MARK: API keys

    /// Creates an API key that acts for `userName`. Its secret is in the result and nowhere else.
    public func createAPIKey(userName: String, label: String) async throws -> CreatedAPIKey {
        let secret = Secret.generate(prefix: "chk_")
        let id = UUID().uuidString.lowercased()
        let now = Date()
        try await database.withTransaction { sql in
            guard let userID = try await Self.userID(named: userName, in: sql) else { throw AccountsError.userNotFound(userName) }
            try await sql.insert(into: "account_api_keys")
                .columns("id", "user_id", "label", "secret_hash", "created_at")
                .values(SQLBind(id), SQLBind(userID), SQLBind(label), SQLBind(Secret.hash(secret)), SQLBind(now))
                .run()
        }
        return CreatedAPIKey(key: APIKey(id: id, userName: userName, label: label, createdAt: now, revokedAt: nil), secret: secret)
    }

    /// API keys, newest first: all of them, or those of one user.
    public func apiKeys(userName: String? = nil) async throws -> [APIKey] {
        try await database.withConnection { sql in
            let query = sql.select()
                .column(SQLColumn("id", table: "k")).column(SQLColumn("label", table: "k"))
                .column(SQLColumn("created_at", table: "k")).column(SQLColumn("revoked_at", table: "k"))
                .column(SQLColumn("name", table: "u"))
                .from(SQLAlias(SQLIdentifier("account_api_keys"), as: SQLIdentifier("k")))
                .join(
                    SQLAlias(SQLIdentifier("account_users"), as: SQLIdentifier("u")), method: SQLJoinMethod.inner,
                    on: SQLColumn("user_id", table: "k"), .equal, SQLColumn("id", table: "u")
                )
                .orderBy(SQLColumn("created_at", table: "k"), SQLDirection.descending)
            if let userName { query.where(SQLColumn("name", table: "u"), .equal, SQLBind(userName)) }
            return try await query.all().map { row in
                APIKey(
                    id: try row.decode(column: "id", as: String.self),
                    userName: try row.decode(column: "name", as: String.self),
                    label: try row.decode(column: "label", as: String.self),
                    createdAt: try row.decode(column: "created_at", as: Date.self),
                    revokedAt: try row.decode(column: "revoked_at", as: Date?.self)
                )
            }
        }
    }

    /// Revokes an API key; requests that carry it are refused from now on.
    public func revokeAPIKey(id: String) async throws {
        try await changeAccess { sql in
            let existing = try await sql.select().column("id").from("account_api_keys").where("id", .equal, id).first()
            guard existing != nil else { throw AccountsError.apiKeyNotFound(id) }
            try await sql.update("account_api_keys").set("revoked_at", to: Date())
                .where("id", .equal, id).where("revoked_at", .is, SQLLiteral.null).run()
        }
    }

    // MARK: Access tokens

    /// Issues a bearer token for `principal` that expires after `lifetime`.
    ///
    /// Expired tokens of every user are deleted on the way, so the table stays small.
    public func issueAccessToken(for principal: Principal, lifetime: Duration) async throws -> AccessToken {
        let secret = Secret.generate(prefix: "cht_")
        let now = Date()
        let expiresAt = now.addingTimeInterval(TimeInterval(lifetime.components.seconds))
        try await database.withTransaction { sql in
            try await sql.delete(from: "account_access_tokens").where("expires_at", .lessThanOrEqual, SQLBind(now)).run()
            try await sql.insert(into: "account_access_tokens")
                .columns("secret_hash", "user_id", "created_at", "expires_at")
                .values(SQLBind(Secret.hash(secret)), SQLBind(principal.userID), SQLBind(now), SQLBind(expiresAt))
                .run()
        }
        return AccessToken(token: secret, expiresAt: expiresAt)
    }

    /// Ends the bearer token `token` at once (a browser's sign-out); an unknown token is
    /// ignored.
    public func revokeAccessToken(_ token: String) async throws {
        try await changeAccess { sql in
            try await sql.delete(from: "account_access_tokens").where("secret_hash", .equal, SQLBind(Secret.hash(token))).run()
        }
    }

    // MARK: Authentication

    /// The principal for a user name and password, or `nil` when they do not match.
    ///
    /// The check goes through the ``throttle``: while the user name (or `clientAddress`, when
    /// given) is locked out, it throws ``TooManyFailedAttempts`` before any hashing, whatever
    /// the password; a wrong password counts against both, a right one clears the user's
    /// failures.
    public func authenticate(userName: String, password: String, clientAddress: String? = nil) async throws -> Principal? {
        let subjects = [LockoutSubject.user(userName)] + (clientAddress.map { [.address($0)] } ?? [])
        try await throttle.check(subjects)
        let row = try await database.withReadConnection { sql in
            try await sql.select().columns("id", "password_hash", "disabled_at").from("account_users").where("name", .equal, userName).first()
        }
        // A disabled user is answered as an unknown one: the right password opens nothing.
        guard let row, try row.decode(column: "disabled_at", as: Date?.self) == nil,
            let passwordHash = try row.decode(column: "password_hash", as: String?.self)
        else {
            // Spend the same time as a real check, so response times do not reveal user names.
            _ = try await passwords.verify(password, hash: Self.decoyHash)
            try await throttle.recordFailure(subjects)
            return nil
        }
        guard try await passwords.verify(password, hash: passwordHash) else {
            try await throttle.recordFailure(subjects)
            return nil
        }
        try await throttle.recordSuccess(.user(userName))
        return try await principal(userID: row.decode(column: "id", as: String.self), userName: userName, credential: .password)
    }

    /// The principal an API key acts for, or `nil` when the key is unknown or revoked.
    ///
    /// With a `clientAddress` the check goes through the ``throttle``: a locked address gets
    /// ``TooManyFailedAttempts``, and an unknown key counts against it.
    public func authenticate(apiKey: String, clientAddress: String? = nil) async throws -> Principal? {
        let subjects = clientAddress.map { [LockoutSubject.address($0)] } ?? []
        try await throttle.check(subjects)
        let principal = try await authenticate(
            secret: apiKey, table: "account_api_keys",
            condition: SQLBinaryExpression(
                SQLColumn("revoked_at", table: "s"), .is, SQLLiteral.null
            ), credential: .apiKey)
        if principal == nil { try await throttle.recordFailure(subjects) }
        return principal
    }

    /// The principal a bearer token was issued to, or `nil` when it is unknown or expired.
    public func authenticate(accessToken: String) async throws -> Principal? {
        try await authenticate(
            secret: accessToken, table: "account_access_tokens",
            condition: SQLBinaryExpression(
                SQLColumn("expires_at", table: "s"), .greaterThan, SQLBind(Date())
            ), expires: true, credential: .accessToken)
    }

    /// The user behind a secret whose hash is stored in `table` and satisfies `condition`, if
    /// the user is not disabled, with the user's groups: from ``principals`` when it was found
    /// lately, else by one statement (a row for each group, or one row with no group), which
    /// is SQL text rather than a built query, since its serialization showed in profiles of
    /// every request. With `expires`, the table's `expires_at` bounds how long it is kept.
    func authenticate(
        secret: String, table: String, condition: any SQLExpression, expires: Bool = false, credential: CredentialKind
    ) async throws -> Principal? {
        let key = PrincipalCache.Key(table: table, secretHash: Secret.hash(secret))
        if let principal = principals.principal(for: key) { return principal }
        let generation = principals.generation
        let rows = try await database.withReadConnection { sql in
            try await sql.raw(
                """
                SELECT u.id, u.name, g.group_name\(unsafeRaw: expires ? ", s.expires_at" : "") FROM \(ident: table) AS s \
                INNER JOIN account_users AS u ON s.user_id = u.id \
                LEFT JOIN account_group_members AS g ON g.user_id = u.id \
                WHERE s.secret_hash = \(bind: key.secretHash) AND u.disabled_at IS NULL AND \(condition)
                """
            ).all()
        }
        guard let first = rows.first else { return nil }
        let principal = Principal(
            userID: try first.decode(column: "id", as: String.self), userName: try first.decode(column: "name", as: String.self),
            groups: Set(try rows.compactMap { try $0.decode(column: "group_name", as: String?.self) }), credential: credential
        )
        let expiresAt = expires ? try first.decode(column: "expires_at", as: Date.self) : nil
        principals.remember(principal, for: key, expiresAt: expiresAt, lookedUpAt: generation)
        return principal
    }

    /// Runs `body` in a transaction that may take away or alter what a secret acts for (a
    /// user disabled or deleted, a membership changed, a key or token revoked), then forgets
    /// the ``principals`` found before it and tells other processes on the same database to
    /// forget theirs, so that the change applies to the next request.
    func changeAccess<Result>(_ body: (any SQLDatabase) async throws -> Result) async throws -> Result {
        defer { principals.forgetAll() }
        return try await database.withTransaction(body)
    }

    private func principal(userID: String, userName: String, credential: CredentialKind) async throws -> Principal {
        let groups = try await database.withReadConnection { sql in try await Self.groupNames(userID: userID, in: sql) }
        return Principal(userID: userID, userName: userName, groups: Set(groups), credential: credential)
    }

    // MARK: First start

    /// Creates the `Administrator` user in `administrators` unless it exists.
    ///
    /// - Parameter password: The password to give it; `nil` generates a random one.
    /// - Returns: The generated password when one was generated, for the caller to print once.
    public func bootstrapAdministrator(password: String?) async throws -> String? {
        if try await user(named: Self.administratorName) != nil { return nil }
        let chosen = password ?? Secret.randomText(byteCount: 18)
        do {
            try await createUser(name: Self.administratorName, password: chosen, groups: [Group.administrators, Group.members])
        } catch {
            // Another instance starting beside this one may have created it first.
            guard try await user(named: Self.administratorName) != nil else { throw error }
            return nil
        }
        return password == nil ? chosen : nil
    }

    // MARK: Helpers

    private static let decoyHash = Bcrypt.hash("chancery-decoy", cost: 12)
    private static let allowedNameCharacters = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "._-@"))

    static func validate(name: String) throws {
        guard (1...64).contains(name.count), name.unicodeScalars.allSatisfy(allowedNameCharacters.contains) else {
            throw AccountsError.invalidName(name)
        }
    }

    static func validate(password: String) throws {
        guard password.count >= minimumPasswordLength else { throw AccountsError.passwordTooShort(minimum: minimumPasswordLength) }
    }

    static func userID(named name: String, in sql: any SQLDatabase) async throws -> String? {
        try await sql.select().column("id").from("account_users").where("name", .equal, name).first(decodingColumn: "id", as: String.self)
    }

    static func groupNames(userID: String, in sql: any SQLDatabase) async throws -> [String] {
        try await sql.select().column("group_name").from("account_group_members")
            .where("user_id", .equal, userID).orderBy("group_name")
            .all(decodingColumn: "group_name", as: String.self)
    }

    /// Whether the group `name` exists.
    static func groupExists(_ name: String, in sql: any SQLDatabase) async throws -> Bool {
        try await sql.select().column("name").from("account_groups").where("name", .equal, name).first() != nil
    }

    static func insertMembership(userID: String, group: String, in sql: any SQLDatabase) async throws {
        guard try await groupExists(group, in: sql) else { throw AccountsError.groupNotFound(group) }
        try await sql.insert(into: "account_group_members").columns("group_name", "user_id").values(SQLBind(group), SQLBind(userID)).run()
    }

    static func user(from row: any SQLRow, in sql: any SQLDatabase) async throws -> User {
        let id = try row.decode(column: "id", as: String.self)
        return User(
            id: id,
            name: try row.decode(column: "name", as: String.self),
            groups: try await groupNames(userID: id, in: sql),
            createdAt: try row.decode(column: "created_at", as: Date.self),
            disabledAt: try row.decode(column: "disabled_at", as: Date?.self)
        )
    }
}
