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
                .columns("id", "document_id", "parent_id", "ancestor_ids", "author", "text", "created_at", "modified_at")
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
            try await sql.select().column("*").from("repo_comments").where("id", .equal, id).first().map(Self.comment)
        }
    }

    /// The comments whose parent is `parentID`, oldest first, from `start`, at most `limit`,
    /// and how many there are in all.
    func comments(parentID: String, start: Int, limit: Int) async throws -> (comments: [Comment], total: Int) {
        try await database.withReadConnection { sql in
            let rows = try await sql.select().column("*").from("repo_comments").where("parent_id", .equal, parentID)
                .orderBy("created_at").orderBy("id").offset(start).limit(limit).all()
            let total =
                try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "total").from("repo_comments")
                .where("parent_id", .equal, parentID).first()?.decode(column: "total", as: Int.self) ?? 0
            return (try rows.map(Self.comment), total)
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

    private static func comment(_ row: any SQLRow) throws -> Comment {
        Comment(
            id: try row.decode(column: "id", as: String.self),
            documentID: try row.decode(column: "document_id", as: String.self),
            parentID: try row.decode(column: "parent_id", as: String.self),
            ancestorIDs: try JSONDecoder().decode([String].self, from: Data(try row.decode(column: "ancestor_ids", as: String.self).utf8)),
            author: try row.decode(column: "author", as: String.self),
            text: try row.decode(column: "text", as: String.self),
            createdAt: try row.decode(column: "created_at", as: Date.self),
            modifiedAt: try row.decode(column: "modified_at", as: Date?.self)
        )
    }
}
