import Foundation
import SQLKit
import Storage

/// The schema history of the account tables.
public enum AccountsMigrations {
    /// All migrations of the `accounts` module, in order.
    public static let all = MigrationSet(
        module: "accounts",
        migrations: [
            Migration(version: 1, name: "users, groups, API keys, access tokens") { sql in
                try await sql.create(table: "account_users")
                    .column("id", type: .text, .primaryKey(autoIncrement: false))
                    .column("name", type: .text, .notNull, .unique)
                    .column("password_hash", type: .text)
                    .column("created_at", type: .timestamp, .notNull)
                    .run()
                try await sql.create(table: "account_groups")
                    .column("name", type: .text, .primaryKey(autoIncrement: false))
                    .column("created_at", type: .timestamp, .notNull)
                    .run()
                try await sql.create(table: "account_group_members")
                    .column("group_name", type: .text, .notNull, .references("account_groups", "name", onDelete: .cascade))
                    .column("user_id", type: .text, .notNull, .references("account_users", "id", onDelete: .cascade))
                    .primaryKey("group_name", "user_id")
                    .run()
                try await sql.create(table: "account_api_keys")
                    .column("id", type: .text, .primaryKey(autoIncrement: false))
                    .column("user_id", type: .text, .notNull, .references("account_users", "id", onDelete: .cascade))
                    .column("label", type: .text, .notNull)
                    .column("secret_hash", type: .text, .notNull, .unique)
                    .column("created_at", type: .timestamp, .notNull)
                    .column("revoked_at", type: .timestamp)
                    .run()
                try await sql.create(table: "account_access_tokens")
                    .column("secret_hash", type: .text, .primaryKey(autoIncrement: false))
                    .column("user_id", type: .text, .notNull, .references("account_users", "id", onDelete: .cascade))
                    .column("created_at", type: .timestamp, .notNull)
                    .column("expires_at", type: .timestamp, .notNull)
                    .run()
                let now = Date()
                for group in [Group.administrators, Group.members] {
                    try await sql.insert(into: "account_groups").columns("name", "created_at").values(SQLBind(group), SQLBind(now)).run()
                }
            },
            Migration(version: 2, name: "user profiles, group labels and nested groups, device tokens") { sql in
                for column in ["first_name", "last_name", "email", "company"] {
                    try await sql.alter(table: "account_users").column(column, type: .text).run()
                }
                try await sql.alter(table: "account_groups").column("label", type: .text).run()
                try await sql.alter(table: "account_groups").column("member_groups", type: .text).run()
                try await sql.create(table: "account_device_tokens")
                    .column("secret_hash", type: .text, .primaryKey(autoIncrement: false))
                    .column("user_id", type: .text, .notNull, .references("account_users", "id", onDelete: .cascade))
                    .column("application", type: .text, .notNull)
                    .column("device_id", type: .text, .notNull)
                    .column("permission", type: .text, .notNull)
                    .column("description", type: .text)
                    .column("nonce", type: .text, .notNull)
                    .column("created_at", type: .timestamp, .notNull)
                    .unique("user_id", "application", "device_id")
                    .run()
            },
            Migration(version: 3, name: "OAuth2 clients, authorization codes, refresh tokens") { sql in
                try await sql.create(table: "oauth2_clients")
                    .column("client_id", type: .text, .primaryKey(autoIncrement: false))
                    .column("name", type: .text, .notNull)
                    .column("kind", type: .text, .notNull)
                    .column("secret_hash", type: .text)
                    .column("redirect_uris", type: .text, .notNull)
                    .column("owner_user_id", type: .text, .references("account_users", "id", onDelete: .cascade))
                    .column("created_at", type: .timestamp, .notNull)
                    .run()
                try await sql.create(table: "oauth2_authorization_codes")
                    .column("code_hash", type: .text, .primaryKey(autoIncrement: false))
                    .column("client_id", type: .text, .notNull, .references("oauth2_clients", "client_id", onDelete: .cascade))
                    .column("user_id", type: .text, .notNull, .references("account_users", "id", onDelete: .cascade))
                    .column("redirect_uri", type: .text, .notNull)
                    .column("code_challenge", type: .text, .notNull)
                    .column("scope", type: .text, .notNull)
                    .column("created_at", type: .timestamp, .notNull)
                    .column("expires_at", type: .timestamp, .notNull)
                    .column("redeemed_at", type: .timestamp)
                    .column("family_id", type: .text)
                    .run()
                try await sql.create(table: "oauth2_refresh_tokens")
                    .column("token_hash", type: .text, .primaryKey(autoIncrement: false))
                    .column("family_id", type: .text, .notNull)
                    .column("client_id", type: .text, .notNull, .references("oauth2_clients", "client_id", onDelete: .cascade))
                    .column("user_id", type: .text, .notNull, .references("account_users", "id", onDelete: .cascade))
                    .column("scope", type: .text, .notNull)
                    .column("created_at", type: .timestamp, .notNull)
                    .column("expires_at", type: .timestamp, .notNull)
                    .column("revoked_at", type: .timestamp)
                    .run()
                try await sql.create(index: "oauth2_refresh_tokens_family").on("oauth2_refresh_tokens").column("family_id").run()
            },
            Migration(version: 4, name: "failed credential checks per user and address (lock-outs)") { sql in
                try await sql.create(table: "account_lockouts")
                    .column("kind", type: .text, .notNull)
                    .column("subject", type: .text, .notNull)
                    .column("failures", type: .bigint, .notNull)
                    .column("last_failure_at", type: .timestamp, .notNull)
                    .column("locked_until", type: .timestamp)
                    .primaryKey("kind", "subject")
                    .run()
                try await sql.create(index: "account_lockouts_last_failure").on("account_lockouts").column("last_failure_at").run()
            },
            Migration(version: 5, name: "disabled users") { sql in
                try await sql.alter(table: "account_users").column("disabled_at", type: .timestamp).run()
            },
        ])
}
