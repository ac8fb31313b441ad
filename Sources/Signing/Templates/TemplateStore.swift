import Foundation
import SQLKit
import Storage

/// The `signing_templates` table: each template as one JSON body, with the columns lists filter
/// and sort on. Writes check the template's version, as ``DocumentStore``'s do.
struct TemplateStore: Sendable {
    let database: Database

    /// A filter of the template list, from the SignWell `query` parameter.
    struct ListFilter: Sendable {
        /// Only templates whose name contains this text, case-insensitively.
        var nameContains: String?
        /// Only templates in this state (`Draft` or `Available`).
        var status: String?
    }

    /// Another change to the template was stored first.
    struct VersionConflict: Error {}

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .millisecondsSince1970
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }()

    private static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .millisecondsSince1970
        return decoder
    }()

    /// Stores a new template.
    func insert(_ template: SigningTemplate) async throws {
        let body = String(decoding: try Self.encoder.encode(template), as: UTF8.self)
        try await database.withConnection { sql in
            try await sql.insert(into: "signing_templates")
                .columns("id", "owner_id", "status", "name", "created_at", "updated_at", "version", "body")
                .values(
                    SQLBind(template.id), SQLBind(template.ownerID), SQLBind(template.status), SQLBind(template.name),
                    SQLBind(template.createdAt), SQLBind(template.updatedAt), SQLBind(template.version), SQLBind(body)
                )
                .run()
        }
    }

    /// Stores `template` over the version it was read at, and bumps its version.
    ///
    /// - Throws: ``VersionConflict`` when the stored version is no longer `template.version`.
    func update(_ template: SigningTemplate) async throws -> SigningTemplate {
        var next = template
        next.version += 1
        let body = String(decoding: try Self.encoder.encode(next), as: UTF8.self)
        let changed = try await database.withConnection { sql in
            try await sql.update("signing_templates")
                .set("status", to: SQLBind(next.status))
                .set("name", to: SQLBind(next.name))
                .set("updated_at", to: SQLBind(next.updatedAt))
                .set("version", to: SQLBind(next.version))
                .set("body", to: SQLBind(body))
                .where("id", .equal, SQLBind(template.id))
                .where("version", .equal, SQLBind(template.version))
                .returning("id")
                .all()
        }
        guard !changed.isEmpty else { throw VersionConflict() }
        return next
    }

    /// The template with this id, or `nil`.
    func template(id: String) async throws -> SigningTemplate? {
        let row = try await database.withReadConnection { sql in
            try await sql.select().column("body").from("signing_templates").where("id", .equal, SQLBind(id)).first()
        }
        return try row.map(Self.template)
    }

    /// Removes a template. Its files stay in the blob store, which documents made from it share.
    func delete(id: String) async throws {
        try await database.withConnection { sql in
            try await sql.delete(from: "signing_templates").where("id", .equal, SQLBind(id)).run()
        }
    }

    /// One page of the templates of `ownerID` (every owner's when `nil`), newest first, and how
    /// many there are in all.
    func list(ownerID: String?, filter: ListFilter, page: Int, limit: Int) async throws -> (templates: [SigningTemplate], total: Int) {
        var conditions: [any SQLExpression] = []
        if let ownerID { conditions.append(SQLBinaryExpression(SQLColumn("owner_id"), .equal, SQLBind(ownerID))) }
        if let status = filter.status { conditions.append(SQLBinaryExpression(SQLColumn("status"), .equal, SQLBind(status))) }
        if let name = filter.nameContains {
            let pattern = "%" + name.lowercased().replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
            conditions.append(SQLQueryString("LOWER(name) LIKE \(bind: pattern) ESCAPE '\\'"))
        }
        let condition = conditions.reduce(nil) { (result: (any SQLExpression)?, next) in
            result.map { SQLBinaryExpression($0, .and, next) } ?? next
        }
        return try await database.withReadConnection { sql in
            var count = sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("signing_templates")
            var select = sql.select().column("body").from("signing_templates")
            if let condition {
                count = count.where(condition)
                select = select.where(condition)
            }
            let total = try await count.first()?.decode(column: "n", as: Int.self) ?? 0
            let rows = try await select.orderBy("created_at", .descending).orderBy("id").limit(limit).offset((page - 1) * limit).all()
            return (try rows.map(Self.template), total)
        }
    }

    private static func template(from row: any SQLRow) throws -> SigningTemplate {
        try decoder.decode(SigningTemplate.self, from: Data(try row.decode(column: "body", as: String.self).utf8))
    }
}
