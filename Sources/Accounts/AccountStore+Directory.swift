import Foundation
import JSON
import SQLKit
import Storage

/// Editing users and groups after they were created: profiles, deletion, group labels and
/// member lists. Directory APIs such as Nuxeo's `user` and `group` endpoints build on these.
extension AccountStore {
    // MARK: User profiles

    /// The profile of the user named `userName`.
    ///
    /// - Throws: ``AccountsError/userNotFound(_:)``.
    public func profile(ofUser userName: String) async throws -> UserProfile {
        guard let profile = try await profile(where: "name", is: userName) else { throw AccountsError.userNotFound(userName) }
        return profile
    }

    /// The profile of the user whose id is `userID` (as in ``Principal/userID``), or `nil` when
    /// there is none.
    public func profile(ofUserID userID: String) async throws -> UserProfile? {
        try await profile(where: "id", is: userID)
    }

    /// The profile of the user whose `column` is `value`, or `nil`.
    private func profile(where column: String, is value: String) async throws -> UserProfile? {
        try await database.withReadConnection { sql in
            guard
                let row = try await sql.select().columns("first_name", "last_name", "email", "company")
                    .from("account_users").where(SQLColumn(column), .equal, SQLBind(value)).first()
            else { return nil }
            return UserProfile(
                firstName: try row.decode(column: "first_name", as: String?.self) ?? "",
                lastName: try row.decode(column: "last_name", as: String?.self) ?? "",
                email: try row.decode(column: "email", as: String?.self) ?? "",
                company: try row.decode(column: "company", as: String?.self) ?? ""
            )
        }
    }

    /// Replaces the profile of the user named `userName`.
    public func setProfile(_ profile: UserProfile, ofUser userName: String) async throws {
        try await database.withTransaction { sql in
            guard try await Self.userID(named: userName, in: sql) != nil else { throw AccountsError.userNotFound(userName) }
            try await sql.update("account_users")
                .set("first_name", to: profile.firstName).set("last_name", to: profile.lastName)
                .set("email", to: profile.email).set("company", to: profile.company)
                .where("name", .equal, userName).run()
        }
    }

    /// Makes the user named `userName` a member of exactly `groups` (which must exist).
    public func setGroups(_ groups: [String], ofUser userName: String) async throws {
        try await changeAccess { sql in
            guard let userID = try await Self.userID(named: userName, in: sql) else { throw AccountsError.userNotFound(userName) }
            try await sql.delete(from: "account_group_members").where("user_id", .equal, userID).run()
            for group in Set(groups) {
                try await Self.insertMembership(userID: userID, group: group, in: sql)
            }
        }
    }

    /// Deletes the user named `userName` with their memberships, keys and tokens.
    public func deleteUser(named userName: String) async throws {
        try await changeAccess { sql in
            guard let userID = try await Self.userID(named: userName, in: sql) else { throw AccountsError.userNotFound(userName) }
            // Foreign keys cascade on PostgreSQL; SQLite enforces them too, but delete explicitly
            // so the outcome does not depend on the connection's pragma.
            for table in ["account_group_members", "account_api_keys", "account_access_tokens", "account_device_tokens"] {
                try await sql.delete(from: table).where("user_id", .equal, userID).run()
            }
            try await sql.delete(from: "account_users").where("id", .equal, userID).run()
        }
    }

    // MARK: Groups

    /// The group named `name` with its label and members, or `nil`.
    public func group(named name: String) async throws -> GroupDetails? {
        try await database.withReadConnection { sql in
            guard
                let row = try await sql.select().columns("name", "label", "member_groups").from("account_groups")
                    .where("name", .equal, name).first()
            else { return nil }
            let users = try await sql.select().column(SQLColumn("name", table: "u"))
                .from(SQLAlias(SQLIdentifier("account_group_members"), as: SQLIdentifier("m")))
                .join(
                    SQLAlias(SQLIdentifier("account_users"), as: SQLIdentifier("u")), method: SQLJoinMethod.inner,
                    on: SQLColumn("user_id", table: "m"), .equal, SQLColumn("id", table: "u")
                )
                .where(SQLColumn("group_name", table: "m"), .equal, SQLBind(name))
                .orderBy(SQLColumn("name", table: "u"))
                .all(decodingColumn: "name", as: String.self)
            let memberGroups =
                try row.decode(column: "member_groups", as: String?.self)
                .map { try JSONValue.parseStrings($0.utf8) } ?? []
            return GroupDetails(
                name: name, label: try row.decode(column: "label", as: String?.self) ?? name,
                memberUsers: users, memberGroups: memberGroups
            )
        }
    }

    /// Creates the group `details.name` with its label and members, or replaces the label and
    /// members of the existing one when `replacing` is true.
    ///
    /// Member users must exist; member groups are kept as given, as Nuxeo keeps them (the
    /// official client's tests name a subgroup that does not exist).
    ///
    /// - Throws: ``AccountsError/groupExists(_:)`` when creating a group that exists,
    ///   ``AccountsError/groupNotFound(_:)`` when replacing one that does not,
    ///   ``AccountsError/userNotFound(_:)`` for an unknown member.
    public func saveGroup(_ details: GroupDetails, replacing: Bool) async throws {
        try Self.validate(name: details.name)
        let memberGroups = String(decoding: try JSONEncoder().encode(details.memberGroups), as: UTF8.self)
        try await changeAccess { sql in
            let exists = try await Self.groupExists(details.name, in: sql)
            switch (exists, replacing) {
            case (true, false): throw AccountsError.groupExists(details.name)
            case (false, true): throw AccountsError.groupNotFound(details.name)
            case (false, false):
                try await sql.insert(into: "account_groups").columns("name", "created_at", "label", "member_groups")
                    .values(SQLBind(details.name), SQLBind(Date()), SQLBind(details.label), SQLBind(memberGroups)).run()
            case (true, true):
                try await sql.update("account_groups").set("label", to: details.label).set("member_groups", to: memberGroups)
                    .where("name", .equal, details.name).run()
                try await sql.delete(from: "account_group_members").where("group_name", .equal, details.name).run()
            }
            for userName in Set(details.memberUsers) {
                guard let userID = try await Self.userID(named: userName, in: sql) else { throw AccountsError.userNotFound(userName) }
                try await Self.insertMembership(userID: userID, group: details.name, in: sql)
            }
        }
    }

    /// Deletes a group and its memberships. The built-in groups cannot be deleted.
    public func deleteGroup(named name: String) async throws {
        guard name != Group.administrators, name != Group.members else { throw AccountsError.builtInGroup(name) }
        try await changeAccess { sql in
            guard try await Self.groupExists(name, in: sql) else { throw AccountsError.groupNotFound(name) }
            try await sql.delete(from: "account_group_members").where("group_name", .equal, name).run()
            try await sql.delete(from: "account_groups").where("name", .equal, name).run()
        }
    }
}
