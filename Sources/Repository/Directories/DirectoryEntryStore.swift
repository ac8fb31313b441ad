import Foundation
import JSON
import SQLKit
import Storage

/// The `repo_directory_entries` table: the entries of every directory, their properties as JSON.
struct DirectoryEntryStore: Sendable {
    /// The database the table is in.
    let database: Database

    /// What an insertion came to.
    enum Insertion: Equatable {
        /// The entry was stored.
        case inserted
        /// The directory has an entry with that id already.
        case duplicate
        /// The directory holds as many entries as it may.
        case full
    }

    /// Every entry of `directory`, in no particular order.
    func entries(of directory: String) async throws -> [DirectoryEntry] {
        try await database.withReadConnection { sql in
            try await sql.select().columns(DirectoryEntryRow.columns).from("repo_directory_entries")
                .where("directory", .equal, directory).all(decoding: DirectoryEntryRow.self).map { try $0.entry() }
        }
    }

    /// The entry `id` of `directory`, if there is one.
    func entry(_ id: String, of directory: String) async throws -> DirectoryEntry? {
        try await database.withReadConnection { sql in
            try await sql.select().columns(DirectoryEntryRow.columns).from("repo_directory_entries")
                .where("directory", .equal, directory).where("id", .equal, id).first(decoding: DirectoryEntryRow.self)?.entry()
        }
    }

    /// Stores `entry` unless its directory has one with its id, or `limit` entries already;
    /// serialized with every other insertion, across instances too.
    func insert(_ entry: DirectoryEntry, limit: Int) async throws -> Insertion {
        try await database.withTransaction(serializedBy: Database.lock(named: "repo_directory_entries")) { sql in
            let count =
                try await sql.select().column(SQLFunction("COUNT", args: SQLLiteral.all), as: "entries")
                .from("repo_directory_entries").where("directory", .equal, entry.directory)
                .first()?.decode(column: "entries", as: Int.self) ?? 0
            let existing = try await sql.select().column("id").from("repo_directory_entries")
                .where("directory", .equal, entry.directory).where("id", .equal, entry.id).first()
            guard existing == nil else { return .duplicate }
            guard count < limit else { return .full }
            try await Self.insert([entry], in: sql)
            return .inserted
        }
    }

    /// Replaces the properties of `entry`.
    ///
    /// - Returns: Whether the entry was there to update.
    func update(_ entry: DirectoryEntry) async throws -> Bool {
        try await database.withConnection { sql in
            try await sql.update("repo_directory_entries").set("properties", to: try Self.json(entry.properties))
                .where("directory", .equal, entry.directory).where("id", .equal, entry.id)
                .returning("id").all().isEmpty == false
        }
    }

    /// Deletes the entry `id` of `directory`.
    ///
    /// - Returns: Whether there was such an entry.
    func delete(_ id: String, of directory: String) async throws -> Bool {
        try await database.withConnection { sql in
            try await sql.delete(from: "repo_directory_entries")
                .where("directory", .equal, directory).where("id", .equal, id)
                .returning("id").all().isEmpty == false
        }
    }

    /// Writes `entries` on `sql`, a hundred rows a statement, as migration 6 seeds the shipped
    /// vocabularies.
    static func insert(_ entries: [DirectoryEntry], in sql: any SQLDatabase) async throws {
        for start in stride(from: 0, to: entries.count, by: 100) {
            let insert = sql.insert(into: "repo_directory_entries").columns(DirectoryEntryRow.columns)
            for entry in entries[start..<min(start + 100, entries.count)] {
                insert.values(SQLBind(entry.directory), SQLBind(entry.id), SQLBind(try json(entry.properties)))
            }
            try await insert.run()
        }
    }

    /// `properties` as the JSON text the table keeps.
    private static func json(_ properties: [String: JSONValue]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(properties), as: UTF8.self)
    }
}
