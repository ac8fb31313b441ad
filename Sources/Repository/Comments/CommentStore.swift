import Foundation
import SQLKit
import Storage

/// The `repo_comments` table: comments and their replies.
struct CommentStore: Sendable {
    let database: Database

    func insert(_ comment: Comment) async throws {
        let ancestors = String(decoding: try JSONEncoder().encode(comment.ancestorIDs), as: UTF8.self)
        try await database.withConnection { sql in
            try await sql.insert(into: "repo_comments")
                .columns(CommentRow.columns)
                .values(
                    SQLBind(comment.id), SQLBind(comment.documentID), SQLBind(comment.parentID), SQLBind(ancestors),
                    SQLBind(comment.author), SQLBind(comment.text), SQLBind(comment.createdAt), SQLBind(comment.modifiedAt)
                )
                .run()
        }
    }

    /// The comment `id`, if there is one.
    func comment(id: String) async throws -> Comment? {
        try await database.withReadConnection { sql in
            try await sql.select().columns(CommentRow.columns).from("repo_comments").where("id", .equal, id)
                .first(decoding: CommentRow.self)?.comment()
        }
    }

    /// The comments whose parent is `parentID`, oldest first, from `start`, at most `limit`,
    /// and how many there are in all.
    func comments(parentID: String, start: Int, limit: Int) async throws -> (comments: [Comment], total: Int) {
        try await database.withReadConnection { sql in
            let rows = try await sql.select().columns(CommentRow.columns).from("repo_comments").where("parent_id", .equal, parentID)
                .orderBy("created_at").orderBy("id").offset(start).limit(limit).all(decoding: CommentRow.self)
            let total =
                try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "total").from("repo_comments")
                .where("parent_id", .equal, parentID).first()?.decode(column: "total", as: Int.self) ?? 0
            return (try rows.map { try $0.comment() }, total)
        }
    }

    /// The direct replies to the comment `id`: how many, and when the newest was written.
    func replies(to id: String) async throws -> CommentReplies {
        try await database.withReadConnection { sql in
            let count =
                try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "replies")
                .from("repo_comments").where("parent_id", .equal, id).first()?.decode(column: "replies", as: Int.self) ?? 0
            // The newest row's own column, decoded as every comment's date is.
            let newest = try await sql.select().column("created_at").from("repo_comments").where("parent_id", .equal, id)
                .orderBy("created_at", .descending).limit(1).first()
            return CommentReplies(count: count, lastReplyAt: try newest?.decode(column: "created_at", as: Date.self))
        }
    }

    /// Replaces the text of the comment `id`, stamped `modifiedAt`.
    func update(id: String, text: String, modifiedAt: Date) async throws {
        try await database.withConnection { sql in
            try await sql.update("repo_comments").set("text", to: text).set("modified_at", to: modifiedAt).where("id", .equal, id).run()
        }
    }

    /// Deletes the comment `id` and every reply under it.
    func delete(id: String) async throws {
        try await database.withTransaction { sql in
            try await sql.delete(from: "repo_comments")
                .where("id", .equal, id)
                .orWhere("ancestor_ids", .like, "%\"\(id)\"%")
                .run()
        }
    }
}
