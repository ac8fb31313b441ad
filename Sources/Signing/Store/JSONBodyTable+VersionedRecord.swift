import Foundation
import SQLKit
import Storage

extension JSONBodyTable where Record: VersionedRecord {
    /// How often ``change(_:_:)`` tries before it gives up.
    static var maximumAttempts: Int { 5 }

    /// Stores a new record.
    func insert(_ record: Record) async throws {
        let body = try JSONBodyCodec.body(of: record)
        try await database.withConnection { sql in
            try await sql.insert(into: Record.tableName)
                .columns("id", "owner_id", "status", "name", "created_at", "updated_at", "version", "body")
                .values(
                    SQLBind(record.id), SQLBind(record.ownerID), SQLBind(record.storedStatus), SQLBind(record.name),
                    SQLBind(record.createdAt), SQLBind(record.updatedAt), SQLBind(record.version), SQLBind(body)
                )
                .run()
        }
    }

    /// Stores `record` over the version it was read at, and bumps its version.
    ///
    /// - Throws: ``VersionConflict`` when the stored version is no longer `record.version`.
    func update(_ record: Record) async throws -> Record {
        var next = record
        next.version += 1
        let body = try JSONBodyCodec.body(of: next)
        let changed = try await database.withConnection { sql in
            try await sql.update(Record.tableName)
                .set("status", to: SQLBind(next.storedStatus))
                .set("name", to: SQLBind(next.name))
                .set("updated_at", to: SQLBind(next.updatedAt))
                .set("version", to: SQLBind(next.version))
                .set("body", to: SQLBind(body))
                .where("id", .equal, SQLBind(record.id))
                .where("version", .equal, SQLBind(record.version))
                .returning("id")
                .all()
        }
        guard !changed.isEmpty else { throw VersionConflict() }
        return next
    }

    /// Reads record `id`, applies `change`, stamps ``VersionedRecord/updatedAt`` and stores the
    /// result; when another writer stored a change first, starts again from the newer version,
    /// up to ``maximumAttempts`` times in all.
    ///
    /// - Returns: The stored record, or `nil` when there is no record `id`.
    /// - Throws: ``VersionConflict`` when the last attempt met a newer version too.
    func change(_ id: String, _ change: (inout Record) async throws -> Void) async throws -> Record? {
        var attempt = 0
        while true {
            attempt += 1
            guard var current = try await record(id: id) else { return nil }
            try await change(&current)
            current.updatedAt = Date()
            do {
                return try await update(current)
            } catch is VersionConflict where attempt < Self.maximumAttempts {
                continue
            }
        }
    }
}
