import Foundation
import SQLKit
import Storage
import TransparencyLog

/// The log's durable state in the shared database: entries, tiles and signed checkpoints.
///
/// Each batch is written in one transaction, so after a crash the log is exactly at its last
/// signed checkpoint: no entry, tile or checkpoint of an unfinished batch is visible. The
/// checkpoint table's primary key on the size makes it impossible to store two roots for
/// one size.
public struct LogStore: Sendable {
    /// The database holding the `notary_log_*` tables.
    public let database: Database

    /// Creates a store over a database whose `notary` migrations have run.
    public init(database: Database) {
        self.database = database
    }

    /// A batch the sequencer integrated, to be made durable at once.
    public struct Batch: Sendable {
        /// The index of the first entry.
        public let firstIndex: Int
        /// The entries, in index order.
        public let entries: [[UInt8]]
        /// Every tile the batch changed, with its new hashes.
        public let tiles: [TiledLog.TileKey: [TreeHash]]
        /// The checkpoint after the batch.
        public let checkpoint: Checkpoint
        /// The checkpoint's signed note.
        public let note: SignedNote
        /// When the batch is made durable, stored with the checkpoint.
        public let time: Date
        /// Rows that must be durable exactly when the entries are (the reports the entries
        /// belong to); rows of one table and columns are inserted together.
        public let records: [Row]
    }

    /// A row to insert with a batch.
    public struct Row: Sendable {
        /// The table.
        public let table: String
        /// The columns, in the order of ``values``.
        public let columns: [String]
        /// The values.
        public let values: [any SQLExpression]

        /// Creates a row of `table`.
        public init(table: String, columns: [String], values: [any SQLExpression]) {
            self.table = table
            self.columns = columns
            self.values = values
        }
    }

    /// Writes a batch in one transaction.
    public func commit(_ batch: Batch) async throws {
        try await database.withTransaction { sql in
            if !batch.entries.isEmpty {
                let rows = batch.entries.enumerated().map { offset, entry in
                    [SQLBind(batch.firstIndex + offset), SQLBind(Data(entry))] as [any SQLExpression]
                }
                try await sql.insert(into: "notary_log_entries").columns("idx", "entry").rows(rows).run()
            }
            for (key, hashes) in batch.tiles {
                try await sql.insert(into: "notary_log_tiles")
                    .columns("level", "idx", "hashes")
                    .values(SQLBind(key.level), SQLBind(key.index), SQLBind(Data(hashes.flatMap(\.bytes))))
                    .onConflict(with: ["level", "idx"]) { $0.set(excludedValueOf: "hashes") }
                    .run()
            }
            try await sql.insert(into: "notary_log_checkpoints")
                .columns("size", "root", "note", "created_at")
                .values(SQLBind(batch.checkpoint.size), SQLBind(Data(batch.checkpoint.root.bytes)), SQLBind(batch.note.formatted), SQLBind(batch.time))
                .run()
            try await Self.insert(batch.records, into: sql)
        }
    }

    /// Inserts `rows`, one statement for each run of rows with the same table and columns,
    /// within the bind limits of both engines.
    private static func insert(_ rows: [Row], into sql: any SQLDatabase) async throws {
        var start = 0
        while start < rows.count {
            let first = rows[start]
            let perStatement = max(1, 30_000 / max(1, first.columns.count))
            var end = start + 1
            while end < rows.count, end - start < perStatement, rows[end].table == first.table, rows[end].columns == first.columns {
                end += 1
            }
            try await sql.insert(into: first.table).columns(first.columns).rows(rows[start..<end].map(\.values)).run()
            start = end
        }
    }

    /// The newest signed checkpoint, or `nil` for a log that has never signed one.
    public func latestCheckpoint() async throws -> SignedNote? {
        let text = try await database.withReadConnection { sql in
            try await sql.select().column("note").from("notary_log_checkpoints")
                .orderBy("size", .descending).limit(1)
                .first(decodingColumn: "note", as: String.self)
        }
        return try text.map { try SignedNote(parsing: $0) }
    }

    /// The log as of its newest checkpoint, rebuilt from the stored tiles.
    public func loadTree() async throws -> TiledLog {
        guard let note = try await latestCheckpoint() else { return TiledLog() }
        let size = try Checkpoint(parsing: note.text).size
        let rows = try await database.withReadConnection { sql in
            try await sql.select().columns("level", "idx", "hashes").from("notary_log_tiles").all()
        }
        var tiles: [TiledLog.TileKey: [TreeHash]] = [:]
        for row in rows {
            let key = TiledLog.TileKey(level: try row.decode(column: "level", as: Int.self), index: try row.decode(column: "idx", as: Int.self))
            tiles[key] = Self.hashes(from: try row.decode(column: "hashes", as: Data.self))
        }
        return try TiledLog(size: size, tiles: tiles)
    }

    /// The stored hashes of a tile, or `nil` when the log has no such tile.
    public func tile(level: Int, index: Int) async throws -> [TreeHash]? {
        let data = try await database.withReadConnection { sql in
            try await sql.select().column("hashes").from("notary_log_tiles")
                .where("level", .equal, level).where("idx", .equal, index)
                .first(decodingColumn: "hashes", as: Data.self)
        }
        return data.map(Self.hashes(from:))
    }

    /// The entries with indexes `range`, in order; fewer when the log ends sooner.
    public func entries(in range: Range<Int>) async throws -> [[UInt8]] {
        try await database.withReadConnection { sql in
            try await sql.select().column("entry").from("notary_log_entries")
                .where("idx", .greaterThanOrEqual, range.lowerBound).where("idx", .lessThan, range.upperBound)
                .orderBy("idx")
                .all(decodingColumn: "entry", as: Data.self)
                .map { Array($0) }
        }
    }

    private static func hashes(from data: Data) -> [TreeHash] {
        let bytes = Array(data)
        return stride(from: 0, to: bytes.count - TreeHash.byteCount + 1, by: TreeHash.byteCount).compactMap {
            TreeHash(bytes: bytes[$0..<$0 + TreeHash.byteCount])
        }
    }
}
