import Foundation
import SQLKit
import Storage

/// The `signing_bulk_sends` table, each bulk send as one JSON body, and
/// `signing_bulk_send_documents`, its documents in the order of their rows. Counts and lists
/// of a bulk send's documents join the documents' table, so deleted documents are not counted.
struct BulkSendStore: Sendable {
    /// The database the tables are in.
    let database: Database

    /// The bulk sends' own table.
    private var table: JSONBodyTable<BulkSend> { JSONBodyTable(database: database) }

    /// How many documents a bulk send has, and how many of them are completed.
    struct Counts: Sendable, Equatable {
        var documents = 0
        var completed = 0
    }

    /// Stores a new bulk send with its documents, in order, in one transaction.
    func insert(_ bulkSend: BulkSend, documentIDs: [String]) async throws {
        try await database.withTransaction { sql in
            try await JSONBodyTable<BulkSend>.insert(bulkSend, on: sql)
            guard !documentIDs.isEmpty else { return }
            var insert = sql.insert(into: "signing_bulk_send_documents").columns("bulk_send_id", "position", "document_id")
            for (position, documentID) in documentIDs.enumerated() {
                insert = insert.values(SQLBind(bulkSend.id), SQLBind(position), SQLBind(documentID))
            }
            try await insert.run()
        }
    }

    /// The bulk send with this id, or `nil`.
    func bulkSend(id: String) async throws -> BulkSend? {
        try await table.record(id: id)
    }

    /// One page of the bulk sends of `ownerID` (every owner's when `nil`), newest first, and
    /// how many there are in all.
    func list(ownerID: String?, page: Int, limit: Int) async throws -> (bulkSends: [BulkSend], total: Int) {
        let listed = try await table.list(ownerID: ownerID, page: page, limit: limit)
        return (listed.records, listed.total)
    }

    /// The counts of each of the bulk sends `ids`.
    func counts(of ids: [String]) async throws -> [String: Counts] {
        guard !ids.isEmpty else { return [:] }
        let rows = try await database.withReadConnection { sql in
            try await sql.raw(
                """
                SELECT l.bulk_send_id AS id, COUNT(*) AS documents,
                       SUM(CASE WHEN d.status = \(bind: DocumentStatus.completed.rawValue) THEN 1 ELSE 0 END) AS completed
                FROM signing_bulk_send_documents l JOIN signing_documents d ON d.id = l.document_id
                WHERE l.bulk_send_id IN (\(binds: ids))
                GROUP BY l.bulk_send_id
                """
            ).all(decoding: BulkSendCountsRow.self)
        }
        return Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0.counts) })
    }

    /// The ids of one page of the documents of bulk send `id`, in the order of their rows, and
    /// how many there are in all.
    func documentIDs(of id: String, page: Int, limit: Int) async throws -> (ids: [String], total: Int) {
        try await database.withReadConnection { sql in
            let total =
                try await sql.raw(
                    """
                    SELECT COUNT(*) AS n FROM signing_bulk_send_documents l JOIN signing_documents d ON d.id = l.document_id
                    WHERE l.bulk_send_id = \(bind: id)
                    """
                ).first()?.decode(column: "n", as: Int.self) ?? 0
            let rows = try await sql.raw(
                """
                SELECT l.document_id AS id FROM signing_bulk_send_documents l JOIN signing_documents d ON d.id = l.document_id
                WHERE l.bulk_send_id = \(bind: id) ORDER BY l.position LIMIT \(literal: limit) OFFSET \(literal: (page - 1) * limit)
                """
            ).all()
            return (try rows.map { try $0.decode(column: "id", as: String.self) }, total)
        }
    }
}

extension BulkSend: JSONBodyRecord {
    /// The bulk sends' table.
    static var tableName: String { "signing_bulk_sends" }
}
