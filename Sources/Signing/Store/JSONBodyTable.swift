import Foundation
import SQLKit
import Storage

/// A record kept as one JSON text in a table of its own (see ``JSONBodyTable``).
protocol JSONBodyRecord: Codable, Sendable {
    /// The table the records are kept in. Besides `body`, it has the columns `id`, `owner_id`
    /// and `created_at`.
    static var tableName: String { get }
    /// The record's id.
    var id: String { get }
    /// The user who owns it.
    var ownerID: String { get }
    /// When it was created.
    var createdAt: Date { get }
}

/// A table that keeps each record as one JSON text in its `body` column (written by
/// ``JSONBodyCodec``), beside the columns that lists filter and sort on.
///
/// The generic reads live here; how a record is written depends on its columns (see
/// ``VersionedRecord`` for documents and templates).
struct JSONBodyTable<Record: JSONBodyRecord>: Sendable {
    /// The database the table is in.
    let database: Database

    /// Stores a new record on `sql` in the columns every such table has; tables with more
    /// columns write their own (see ``VersionedRecord``).
    static func insert(_ record: Record, on sql: any SQLDatabase) async throws {
        try await sql.insert(into: Record.tableName)
            .columns("id", "owner_id", "created_at", "body")
            .values(SQLBind(record.id), SQLBind(record.ownerID), SQLBind(record.createdAt), SQLBind(try JSONBodyCodec.body(of: record)))
            .run()
    }

    /// The record with this id, or `nil`.
    func record(id: String) async throws -> Record? {
        let row = try await database.withReadConnection { sql in
            try await sql.select().column("body").from(Record.tableName).where("id", .equal, SQLBind(id)).first()
        }
        return try row.map { try JSONBodyCodec.record(Record.self, in: $0) }
    }

    /// Removes a record.
    func delete(id: String) async throws {
        try await database.withConnection { sql in
            try await sql.delete(from: Record.tableName).where("id", .equal, SQLBind(id)).run()
        }
    }

    /// One page of the records of `ownerID` (every owner's when `nil`) that meet every one of
    /// `conditions`, newest first, and how many there are in all.
    func list(
        ownerID: String?, matching conditions: [any SQLExpression] = [], page: Int, limit: Int
    ) async throws -> (records: [Record], total: Int) {
        var all = conditions
        if let ownerID { all.insert(SQLBinaryExpression(SQLColumn("owner_id"), .equal, SQLBind(ownerID)), at: 0) }
        let condition = all.reduce(nil) { (result: (any SQLExpression)?, next) in
            result.map { SQLBinaryExpression($0, .and, next) } ?? next
        }
        return try await database.withReadConnection { sql in
            var count = sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "n").from(Record.tableName)
            var select = sql.select().column("body").from(Record.tableName)
            if let condition {
                count = count.where(condition)
                select = select.where(condition)
            }
            let total = try await count.first()?.decode(column: "n", as: Int.self) ?? 0
            let rows = try await select.orderBy("created_at", .descending).orderBy("id").limit(limit).offset((page - 1) * limit).all()
            return (try rows.map { try JSONBodyCodec.record(Record.self, in: $0) }, total)
        }
    }
}
