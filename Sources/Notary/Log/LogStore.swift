import Foundation
import SQLKit
import Storage
import TransparencyLog

/// The log's durable state in the shared database: entries, tiles and signed checkpoints,
/// and the one way they grow (``integrate(_:origin:cached:signer:records:)``).
///
/// Each batch is written in one transaction, so after a crash the log is exactly at its last
/// signed checkpoint: no entry, tile or checkpoint of an unfinished batch is visible. On
/// PostgreSQL, where several instances share the log, a batch is integrated under an advisory
/// lock held for its transaction: one integrator at a time, each starting from the newest
/// durable checkpoint, whichever instance wrote it. The checkpoint table's primary key on the
/// size makes it impossible to store two roots for one size.
///
/// Nothing here reads the whole log: growing it reads the frontier tiles
/// (``TiledLog/frontier(size:)``), a proof the few tiles it needs.
public struct LogStore: Sendable {
    /// The database holding the `notary_log_*` tables.
    public let database: Database

    /// The advisory lock integrations hold on PostgreSQL.
    static let integrationLock: Int64 = 0x4368_616E_4C6F_6721

    /// Creates a store over a database whose `notary` migrations have run.
    public init(database: Database) {
        self.database = database
    }

    /// What one integration made durable.
    public struct Integration: Sendable {
        /// The log after the batch, holding its frontier tiles.
        public let tree: TiledLog
        /// The index of the batch's first entry.
        public let firstIndex: Int
        /// The checkpoint after the batch.
        public let checkpoint: Checkpoint
        /// The checkpoint's signed note.
        public let note: SignedNote
        /// When the batch was made durable, stored with the checkpoint.
        public let time: Date
    }

    /// A row to insert with a batch.
    public struct Row: Sendable {
        /// When a row with the same key exists already: it is replaced by this one where
        /// `condition` holds, and kept as it is otherwise.
        public struct Replacement: Sendable {
            /// The columns of the unique key that finds the existing row.
            public let key: [String]
            /// What must hold for the replacement, over the stored row's columns (qualified by
            /// the table's name) and the new row's (qualified by `excluded`).
            public let condition: any SQLExpression

            /// Creates a replacement rule.
            public init(key: [String], condition: any SQLExpression) {
                self.key = key
                self.condition = condition
            }
        }

        /// The table.
        public let table: String
        /// The columns, in the order of ``values``.
        public let columns: [String]
        /// The values.
        public let values: [any SQLExpression]
        /// Whether the row replaces an existing one of the same key; `nil` for a new row,
        /// whose insertion fails if the key exists.
        public let replacement: Replacement?

        /// Creates a row of `table`.
        public init(table: String, columns: [String], values: [any SQLExpression], replacement: Replacement? = nil) {
            self.table = table
            self.columns = columns
            self.values = values
            self.replacement = replacement
        }
    }

    /// A change to another table, made in the transaction of a batch.
    public enum Change: Sendable {
        /// Inserts the row, or replaces an existing one as its ``Row/replacement`` says.
        case insert(Row)
        /// Deletes the rows of `table` where `condition` holds.
        case delete(table: String, condition: any SQLExpression)
    }

    /// The newest checkpoint as stored: its note and when its batch was made durable.
    private struct StoredCheckpoint {
        let size: Int
        let note: SignedNote
        let time: Date
    }

    /// Appends `entries` to the log of `origin` in one transaction.
    ///
    /// Under the integration lock it starts from the newest durable checkpoint (`cached` when
    /// it is of that size, else the frontier tiles read back), signs the new checkpoint with
    /// `signer`, and inserts the entries, the tiles they changed, the checkpoint, and makes the
    /// changes that `records` derives from the batch's first index, checkpoint, note and time; the time
    /// is taken once the lock is held, so checkpoints' times never go back.
    ///
    /// With no entries it writes only the signed checkpoint of the empty log, when the log has
    /// no checkpoint yet, and returns the log as it stands.
    public func integrate(
        _ entries: [[UInt8]], origin: String, cached: TiledLog?, signer: Ed25519NoteSigner,
        records: @Sendable (_ firstIndex: Int, Checkpoint, SignedNote, Date) throws -> [Change] = { _, _, _, _ in [] }
    ) async throws -> Integration {
        try await database.withTransaction(serializedBy: Self.integrationLock) { sql in
            let latest = try await Self.latestCheckpoint(in: sql)
            var tree = cached ?? TiledLog()
            if let latest, tree.size != latest.size || cached == nil {
                tree = try await Self.loadTree(size: latest.size, from: sql)
            }
            if entries.isEmpty, let latest {
                let checkpoint = try Checkpoint(parsing: latest.note.text)
                return Integration(tree: tree, firstIndex: tree.size, checkpoint: checkpoint, note: latest.note, time: latest.time)
            }
            let firstIndex = tree.size
            for entry in entries { tree.append(.leaf(entry)) }
            let checkpoint = Checkpoint(origin: origin, size: tree.size, root: tree.root)
            let note = try SignedNote.sign(checkpoint.text, with: [signer])
            let time = Self.batchTime(after: latest?.time)
            let changes = try records(firstIndex, checkpoint, note, time)
            let entryRows = entries.enumerated().map { offset, entry in
                [SQLBind(firstIndex + offset), SQLBind(Data(entry))] as [any SQLExpression]
            }
            // The log's first checkpoint, of no entries, is written alone.
            var writes: [any SQLExpression] =
                entries.isEmpty ? [] : [sql.insert(into: "notary_log_entries").columns("idx", "entry").rows(entryRows).query]
            for (key, hashes) in tree.takeChangedTiles() {
                writes.append(
                    sql.insert(into: "notary_log_tiles")
                        .columns("level", "idx", "hashes")
                        .values(SQLBind(key.level), SQLBind(key.index), SQLBind(Data(hashes.flatMap(\.bytes))))
                        .onConflict(with: ["level", "idx"]) { $0.set(excludedValueOf: "hashes") }
                        .query)
            }
            writes.append(
                sql.insert(into: "notary_log_checkpoints")
                    .columns("size", "root", "note", "created_at")
                    .values(SQLBind(checkpoint.size), SQLBind(Data(checkpoint.root.bytes)), SQLBind(note.formatted), SQLBind(time))
                    .query)
            // One wait for all of them: the batch's time on the writer is the log's throughput.
            try await sql.runInOrder(writes + Self.statements(making: changes, on: sql))
            tree.forgetFullTiles()
            return Integration(tree: tree, firstIndex: firstIndex, checkpoint: checkpoint, note: note, time: time)
        }
    }

    /// The time of a batch, in whole milliseconds (the precision the API shows, so that the
    /// time a report is answered with is the time it is read back with), and not before the
    /// previous batch's, whatever the clocks of the instances say.
    private static func batchTime(after previous: Date?) -> Date {
        let now = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 * 1000).rounded(.down) / 1000)
        guard let previous else { return now }
        return max(now, previous)
    }

    /// The statements that make `changes` in order: one for each run of insertions of new rows
    /// with the same table and columns, within the bind limits of both engines; one for each
    /// replacing row (a statement may not replace one row twice) and each deletion.
    private static func statements(making changes: [Change], on sql: any SQLDatabase) -> [any SQLExpression] {
        var statements: [any SQLExpression] = []
        var start = 0
        while start < changes.count {
            switch changes[start] {
            case .delete(let table, let condition):
                statements.append(sql.delete(from: table).where(condition).query)
                start += 1
            case .insert(let first):
                if let replacement = first.replacement {
                    statements.append(
                        sql.insert(into: first.table).columns(first.columns).values(first.values)
                            .onConflict(with: replacement.key) { update in
                                for column in first.columns where !replacement.key.contains(column) {
                                    update.set(excludedValueOf: column)
                                }
                                return update.where(replacement.condition)
                            }
                            .query)
                    start += 1
                    continue
                }
                let perStatement = max(1, 30_000 / max(1, first.columns.count))
                var rows = [first.values]
                while start + rows.count < changes.count, rows.count < perStatement,
                    case .insert(let next) = changes[start + rows.count], next.replacement == nil,
                    next.table == first.table, next.columns == first.columns
                {
                    rows.append(next.values)
                }
                statements.append(sql.insert(into: first.table).columns(first.columns).rows(rows).query)
                start += rows.count
            }
        }
        return statements
    }

    /// The newest signed checkpoint, or `nil` for a log that has never signed one.
    public func latestCheckpoint() async throws -> SignedNote? {
        try await database.withReadConnection { sql in try await Self.latestCheckpoint(in: sql)?.note }
    }

    private static func latestCheckpoint(in sql: any SQLDatabase) async throws -> StoredCheckpoint? {
        guard
            let row = try await sql.select().columns("size", "note", "created_at").from("notary_log_checkpoints")
                .orderBy("size", .descending).limit(1).first()
        else { return nil }
        return StoredCheckpoint(
            size: try row.decode(column: "size", as: Int.self),
            note: try SignedNote(parsing: try row.decode(column: "note", as: String.self)),
            time: try row.decode(column: "created_at", as: Date.self)
        )
    }

    /// The log of `size` entries, restored from its frontier tiles.
    private static func loadTree(size: Int, from sql: any SQLDatabase) async throws -> TiledLog {
        try TiledLog(size: size, tiles: try await tiles(Set(TiledLog.frontier(size: size)), from: sql))
    }

    /// The inclusion proof of the entry at `index` in the log's tree of `treeSize` entries,
    /// from the tiles it needs.
    public func inclusionProof(forLeafAt index: Int, treeSize: Int) async throws -> [TreeHash] {
        let keys = try TileHashes.keys(forInclusionProofOf: index, treeSize: treeSize)
        let tiles = try await database.withReadConnection { sql in try await Self.tiles(keys, from: sql) }
        return try MerkleTree.inclusionProof(forLeafAt: index, treeSize: treeSize, from: TileHashes(tiles: tiles))
    }

    /// The stored hashes of the tiles `keys` that exist.
    private static func tiles(_ keys: Set<TileHashes.Key>, from sql: any SQLDatabase) async throws -> [TileHashes.Key: [TreeHash]] {
        guard !keys.isEmpty else { return [:] }
        let rows = try await sql.select().columns("level", "idx", "hashes").from("notary_log_tiles")
            .where { group in
                for key in keys {
                    group.orWhere { $0.where("level", .equal, key.level).where("idx", .equal, key.index) }
                }
                return group
            }
            .all()
        var tiles: [TileHashes.Key: [TreeHash]] = [:]
        for row in rows {
            let key = TileHashes.Key(level: try row.decode(column: "level", as: Int.self), index: try row.decode(column: "idx", as: Int.self))
            tiles[key] = hashes(from: try row.decode(column: "hashes", as: Data.self))
        }
        return tiles
    }

    /// The stored hashes of a tile, or `nil` when the log has no such tile.
    public func tile(level: Int, index: Int) async throws -> [TreeHash]? {
        try await database.withReadConnection { sql in try await Self.tiles([TileHashes.Key(level: level, index: index)], from: sql) }
            .values.first
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
