import Foundation
import SQLKit
import Storage

/// The `signing_documents` table: each document as one JSON body, with the columns lists filter
/// on. Writes check the document's version, so that two servers (or two requests) changing one
/// document cannot overwrite each other's change.
struct DocumentStore: Sendable {
    let database: Database

    /// A filter of the document list, from the SignWell `query` parameter.
    struct ListFilter: Sendable {
        /// Only documents whose name contains this text, case-insensitively.
        var nameContains: String?
        /// Only documents in this state.
        var status: DocumentStatus?
    }

    /// Another change to the document was stored first.
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

    /// Stores a new document.
    func insert(_ document: SigningDocument) async throws {
        let body = String(decoding: try Self.encoder.encode(document), as: UTF8.self)
        try await database.withConnection { sql in
            try await sql.insert(into: "signing_documents")
                .columns("id", "owner_id", "status", "name", "created_at", "updated_at", "version", "body")
                .values(
                    SQLBind(document.id), SQLBind(document.ownerID), SQLBind(document.status.rawValue), SQLBind(document.name),
                    SQLBind(document.createdAt), SQLBind(document.updatedAt), SQLBind(document.version), SQLBind(body)
                )
                .run()
        }
    }

    /// Stores `document` over the version it was read at, and bumps its version.
    ///
    /// - Throws: ``VersionConflict`` when the stored version is no longer `document.version`.
    func update(_ document: SigningDocument) async throws -> SigningDocument {
        var next = document
        next.version += 1
        let body = String(decoding: try Self.encoder.encode(next), as: UTF8.self)
        let changed = try await database.withConnection { sql in
            try await sql.update("signing_documents")
                .set("status", to: SQLBind(next.status.rawValue))
                .set("name", to: SQLBind(next.name))
                .set("updated_at", to: SQLBind(next.updatedAt))
                .set("version", to: SQLBind(next.version))
                .set("body", to: SQLBind(body))
                .where("id", .equal, SQLBind(document.id))
                .where("version", .equal, SQLBind(document.version))
                .returning("id")
                .all()
        }
        guard !changed.isEmpty else { throw VersionConflict() }
        return next
    }

    /// The document with this id, or `nil`.
    func document(id: String) async throws -> SigningDocument? {
        let row = try await database.withReadConnection { sql in
            try await sql.select().column("body").from("signing_documents").where("id", .equal, SQLBind(id)).first()
        }
        return try row.map { try Self.decoder.decode(SigningDocument.self, from: Data(try $0.decode(column: "body", as: String.self).utf8)) }
    }

    /// Removes a document.
    func delete(id: String) async throws {
        try await database.withConnection { sql in
            try await sql.delete(from: "signing_documents").where("id", .equal, SQLBind(id)).run()
        }
    }

    /// One page of the documents of `ownerID` (every owner's when `nil`), newest first, and
    /// how many there are in all.
    func list(ownerID: String?, filter: ListFilter, page: Int, limit: Int) async throws -> (documents: [SigningDocument], total: Int) {
        var conditions: [any SQLExpression] = []
        if let ownerID { conditions.append(SQLBinaryExpression(SQLColumn("owner_id"), .equal, SQLBind(ownerID))) }
        if let status = filter.status { conditions.append(SQLBinaryExpression(SQLColumn("status"), .equal, SQLBind(status.rawValue))) }
        if let name = filter.nameContains {
            let pattern = "%" + name.lowercased().replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "%", with: "\\%").replacingOccurrences(of: "_", with: "\\_") + "%"
            conditions.append(SQLQueryString("LOWER(name) LIKE \(bind: pattern) ESCAPE '\\'"))
        }
        let condition = conditions.reduce(nil) { (result: (any SQLExpression)?, next) in
            result.map { SQLBinaryExpression($0, .and, next) } ?? next
        }
        return try await database.withReadConnection { sql in
            var count = sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from("signing_documents")
            var select = sql.select().column("body").from("signing_documents")
            if let condition {
                count = count.where(condition)
                select = select.where(condition)
            }
            let total = try await count.first()?.decode(column: "n", as: Int.self) ?? 0
            let rows = try await select.orderBy("created_at", .descending).orderBy("id").limit(limit).offset((page - 1) * limit).all()
            let documents = try rows.map { try Self.decoder.decode(SigningDocument.self, from: Data(try $0.decode(column: "body", as: String.self).utf8)) }
            return (documents, total)
        }
    }
}
