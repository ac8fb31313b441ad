import Foundation
import SQLKit
import Storage

/// The `signing_hooks` table: the users' webhooks.
struct WebhookStore: Sendable {
    let database: Database

    /// Stores a new hook.
    func insert(_ hook: Webhook) async throws {
        try await database.withConnection { sql in
            try await sql.insert(into: "signing_hooks")
                .columns("id", "owner_id", "callback_url", "api_application_id", "created_at")
                .values(SQLBind(hook.id), SQLBind(hook.ownerID), SQLBind(hook.callbackURL), SQLBind(hook.apiApplicationID), SQLBind(hook.createdAt))
                .run()
        }
    }

    /// The hooks of `ownerID`, oldest first.
    func hooks(ownedBy ownerID: String) async throws -> [Webhook] {
        try await database.withReadConnection { sql in
            try await Self.selectHooks(in: sql).where("owner_id", .equal, SQLBind(ownerID))
                .orderBy("created_at").orderBy("id")
                .all(decoding: WebhookRow.self).map(\.webhook)
        }
    }

    /// The hooks that hear about a document of `ownerID` made with `apiApplicationID`: the
    /// owner's hooks that name no application, and those that name this one.
    func hooks(hearing ownerID: String, apiApplicationID: String?) async throws -> [Webhook] {
        try await database.withReadConnection { sql in
            try await Self.selectHooks(in: sql).where("owner_id", .equal, SQLBind(ownerID))
                .where { hearing in
                    hearing.where(SQLColumn("api_application_id"), .is, SQLLiteral.null)
                        .orWhere("api_application_id", .equal, SQLBind(apiApplicationID))
                }
                .orderBy("created_at").orderBy("id")
                .all(decoding: WebhookRow.self).map(\.webhook)
        }
    }

    /// Removes the hook `id` of `ownerID` and every delivery still queued for it.
    ///
    /// - Returns: Whether there was such a hook.
    func delete(id: String, ownedBy ownerID: String) async throws -> Bool {
        try await database.withTransaction { sql in
            let removed = try await sql.delete(from: "signing_hooks")
                .where("id", .equal, SQLBind(id))
                .where("owner_id", .equal, SQLBind(ownerID))
                .returning("id")
                .all()
            guard !removed.isEmpty else { return false }
            try await sql.delete(from: "signing_webhook_deliveries").where("hook_id", .equal, SQLBind(id)).run()
            return true
        }
    }

    /// A query of every column of `signing_hooks`.
    private static func selectHooks(in sql: any SQLDatabase) -> SQLSelectBuilder {
        sql.select().columns(WebhookRow.columns).from("signing_hooks")
    }
}
