import Foundation
import SQLKit
import Storage

/// The database half of the data store: the `telemetry_chunks`, `telemetry_data_ids` and
/// `telemetry_chunk_spans` tables (``TelemetryDataMigrations``), read and written with one SQL
/// code path for both engines.
struct TelemetryChunkIndex: Sendable {
    /// A chunk about to be indexed: its key, where its record was written, and its points'
    /// summary per data id.
    struct Entry: Sendable {
        /// The stream the chunk came from.
        let streamID: UUID
        /// Its position in the stream.
        let sequenceNumber: UInt32
        /// Where its record lies.
        let location: TelemetryChunkLocation
        /// How many points it carries.
        let pointCount: Int
        /// Its points by data id.
        let dataIDs: [TelemetryDataIDSummary]
    }

    /// The key of a chunk within its measurement.
    struct ChunkKey: Hashable, Sendable {
        /// The stream.
        let streamID: UUID
        /// The position in the stream.
        let sequenceNumber: UInt32
    }

    /// The database the tables are in.
    let database: Database

    /// The last segment of `measurement` and where its last indexed record ends, or `nil` when
    /// nothing of it is indexed.
    func end(of measurement: UUID) async throws -> (segment: Int, offset: Int)? {
        try await database.withReadConnection { sql in
            guard
                let row = try await sql.select()
                    .column("segment").column("byte_offset").column("byte_length")
                    .from("telemetry_chunks")
                    .where("measurement_uuid", .equal, Self.key(measurement))
                    .orderBy("segment", .descending).orderBy("byte_offset", .descending)
                    .limit(1)
                    .first()
            else { return nil }
            let segment = try row.decode(column: "segment", as: Int.self)
            let offset = try row.decode(column: "byte_offset", as: Int.self) + row.decode(column: "byte_length", as: Int.self)
            return (segment, offset)
        }
    }

    /// Which of `keys` are already indexed for `measurement`.
    func storedKeys(among keys: Set<ChunkKey>, of measurement: UUID) async throws -> Set<ChunkKey> {
        guard !keys.isEmpty else { return [] }
        return try await database.withReadConnection { sql in try await Self.storedKeys(among: keys, of: measurement, on: sql) }
    }

    /// Which of `keys` are already indexed for `measurement`, read on `sql`.
    static func storedKeys(among keys: Set<ChunkKey>, of measurement: UUID, on sql: any SQLDatabase) async throws -> Set<ChunkKey> {
        guard !keys.isEmpty else { return [] }
        let streams = Set(keys.map { key($0.streamID) })
        let rows = try await sql.select()
            .column("stream_id").column("sequence_number")
            .from("telemetry_chunks")
            .where("measurement_uuid", .equal, key(measurement))
            .where("stream_id", .in, Array(streams))
            .where("sequence_number", .in, Set(keys.map { Int64($0.sequenceNumber) }).sorted())
            .all()
        var stored: Set<ChunkKey> = []
        for row in rows {
            guard let streamID = UUID(uuidString: try row.decode(column: "stream_id", as: String.self)) else { continue }
            let key = ChunkKey(
                streamID: streamID, sequenceNumber: UInt32(truncatingIfNeeded: try row.decode(column: "sequence_number", as: Int64.self)))
            if keys.contains(key) { stored.insert(key) }
        }
        return stored
    }

    /// Indexes `entries` of `measurement` and adds their points to its data id summaries, in
    /// one transaction.
    func insert(_ entries: [Entry], of measurement: UUID) async throws {
        guard !entries.isEmpty else { return }
        try await database.withTransaction { sql in try await Self.insert(entries, of: measurement, on: sql) }
    }

    /// Indexes `entries` of `measurement`, adds their points to its data id summaries and
    /// widens its longest chunk span to theirs, on `sql` (inside the caller's transaction).
    static func insert(_ entries: [Entry], of measurement: UUID, on sql: any SQLDatabase) async throws {
        let measurementKey = key(measurement)
        var summaries: [TelemetryDataID: TelemetryDataIDSummary] = [:]
        for summary in entries.flatMap(\.dataIDs) {
            guard let known = summaries[summary.dataID] else {
                summaries[summary.dataID] = summary
                continue
            }
            summaries[summary.dataID] = TelemetryDataIDSummary(
                dataID: summary.dataID, pointCount: known.pointCount + summary.pointCount,
                firstElapsedTime: min(known.firstElapsedTime, summary.firstElapsedTime),
                lastElapsedTime: max(known.lastElapsedTime, summary.lastElapsedTime)
            )
        }
        for batch in entries.chunks(ofCount: 500) {
            let insert = sql.insert(into: "telemetry_chunks").columns(
                "measurement_uuid", "stream_id", "sequence_number", "segment", "byte_offset", "byte_length",
                "first_elapsed_ns", "last_elapsed_ns", "point_count", "received_at", "record"
            )
            for entry in batch {
                let location = entry.location
                insert.values(
                    [
                        measurementKey, key(entry.streamID), Int64(entry.sequenceNumber), location.segment, location.offset,
                        location.length, location.firstElapsedTime, location.lastElapsedTime, entry.pointCount, location.receivedAt,
                        location.record.map { Data($0) },
                    ] as [any Encodable & Sendable])
            }
            try await insert.run()
        }
        for batch in Array(summaries.values).chunks(ofCount: 500) {
            let insert = sql.insert(into: "telemetry_data_ids")
                .columns("measurement_uuid", "name", "type", "point_count", "first_elapsed_ns", "last_elapsed_ns")
            for summary in batch {
                insert.values(
                    [
                        measurementKey, summary.dataID.name, summary.dataID.type, summary.pointCount,
                        summary.firstElapsedTime, summary.lastElapsedTime,
                    ] as [any Encodable & Sendable])
            }
            try await insert.onConflict(with: ["measurement_uuid", "name", "type"]) { update in
                update
                    .set("point_count", to: SQLRaw("telemetry_data_ids.point_count + excluded.point_count"))
                    .set("first_elapsed_ns", to: SQLRaw(pick("<", "first_elapsed_ns", of: "telemetry_data_ids")))
                    .set("last_elapsed_ns", to: SQLRaw(pick(">", "last_elapsed_ns", of: "telemetry_data_ids")))
            }.run()
        }
        // After the summaries: a deletion takes its row locks in this order too (data ids, then
        // spans), so that an append and a deletion of one measurement never wait on each other
        // in a circle (PostgreSQL's deadlock).
        if let longest = entries.map(\.location.span).max() {
            try await sql.insert(into: "telemetry_chunk_spans").columns("measurement_uuid", "longest_ns").values(measurementKey, longest)
                .onConflict(with: ["measurement_uuid"]) { update in
                    update.set("longest_ns", to: SQLRaw(pick(">", "longest_ns", of: "telemetry_chunk_spans")))
                }
                .run()
        }
    }

    /// Up to `limit` chunks of `measurement` that may hold points in `range`, in the order a
    /// query of `order` reads them (ascending by first elapsed time, or descending by last),
    /// starting after `cursor` (the last location of the previous page).
    ///
    /// No chunk spans more than the measurement's longest chunk span, so one that reaches into
    /// `range` starts no earlier than its start less that span, and ends before its end plus
    /// that span: the bound on the time the page is ordered by, which lets the index's range
    /// start there instead of at the measurement's first (or last) chunk.
    func locations(
        of measurement: UUID, overlapping range: Range<Int64>, order: TelemetryQueryOrder,
        after cursor: TelemetryChunkLocation?, limit: Int
    ) async throws -> [TelemetryChunkLocation] {
        let rows = try await database.withReadConnection { sql -> [any SQLRow] in
            let longest =
                try await sql.select().column("longest_ns").from("telemetry_chunk_spans")
                .where("measurement_uuid", .equal, Self.key(measurement))
                .first(decodingColumn: "longest_ns", as: Int64.self)
            // Nothing of the measurement is indexed.
            guard let longest else { return [] }
            let select = sql.select()
                .column("segment").column("byte_offset").column("byte_length")
                .column("first_elapsed_ns").column("last_elapsed_ns").column("received_at").column("record")
                .from("telemetry_chunks")
                .where("measurement_uuid", .equal, Self.key(measurement))
                .where("last_elapsed_ns", .greaterThanOrEqual, range.lowerBound)
                .where("first_elapsed_ns", .lessThan, range.upperBound)
            let time = order == .ascending ? "first_elapsed_ns" : "last_elapsed_ns"
            let direction: SQLDirection = order == .ascending ? .ascending : .descending
            let beyond: SQLBinaryOperator = order == .ascending ? .greaterThan : .lessThan
            // One bound on the time the page is ordered by, where the index's range starts: no
            // chunk that reaches into `range` lies before it, nor any chunk not read yet. (The
            // planner uses one bound of a column for the range; the cursor's alternatives below,
            // whose two times are separate parameters, it does not use at all.)
            switch order {
            case .ascending:
                let (earliest, overflowed) = range.lowerBound.subtractingReportingOverflow(longest)
                let from = max(overflowed ? Int64.min : earliest, cursor?.firstElapsedTime ?? Int64.min)
                select.where(time, .greaterThanOrEqual, from)
            case .descending:
                let (end, overflowed) = range.upperBound.addingReportingOverflow(longest)
                let from = min(overflowed ? Int64.max : end - 1, cursor?.lastElapsedTime ?? Int64.max)
                select.where(time, .lessThanOrEqual, from)
            }
            if let cursor {
                let timeValue = order == .ascending ? cursor.firstElapsedTime : cursor.lastElapsedTime
                select.where { group in
                    group.where(time, beyond, timeValue).orWhere { tie in
                        tie.where(time, .equal, timeValue).where { position in
                            position.where("segment", beyond, cursor.segment).orWhere { sameSegment in
                                sameSegment.where("segment", .equal, cursor.segment).where("byte_offset", beyond, cursor.offset)
                            }
                        }
                    }
                }
            }
            return
                try await select
                .orderBy(time, direction).orderBy("segment", direction).orderBy("byte_offset", direction)
                .limit(limit)
                .all()
        }
        return try rows.map { row in
            TelemetryChunkLocation(
                segment: try row.decode(column: "segment", as: Int.self),
                offset: try row.decode(column: "byte_offset", as: Int.self),
                length: try row.decode(column: "byte_length", as: Int.self),
                firstElapsedTime: try row.decode(column: "first_elapsed_ns", as: Int64.self),
                lastElapsedTime: try row.decode(column: "last_elapsed_ns", as: Int64.self),
                receivedAt: try row.decode(column: "received_at", as: Date.self),
                record: try row.decode(column: "record", as: Data?.self).map { Array($0) }
            )
        }
    }

    /// The data ids stored for `measurement`, sorted by name and type.
    func dataIDs(of measurement: UUID) async throws -> [TelemetryDataIDSummary] {
        let rows = try await database.withReadConnection { sql in
            try await sql.select()
                .column("name").column("type").column("point_count").column("first_elapsed_ns").column("last_elapsed_ns")
                .from("telemetry_data_ids")
                .where("measurement_uuid", .equal, Self.key(measurement))
                .orderBy("name").orderBy("type")
                .all()
        }
        return try rows.map { row in
            TelemetryDataIDSummary(
                dataID: TelemetryDataID(name: try row.decode(column: "name", as: String.self), type: try row.decode(column: "type", as: String.self)),
                pointCount: try row.decode(column: "point_count", as: Int.self),
                firstElapsedTime: try row.decode(column: "first_elapsed_ns", as: Int64.self),
                lastElapsedTime: try row.decode(column: "last_elapsed_ns", as: Int64.self)
            )
        }
    }

    /// Removes every row of `measurement` and returns the blobs of its sealed segments, which
    /// nothing names any more.
    func delete(_ measurement: UUID) async throws -> [BlobDigest] {
        try await database.withTransaction { sql in
            let digests = try await sql.select().column("digest").from("telemetry_segments")
                .where("measurement_uuid", .equal, Self.key(measurement))
                .where(SQLColumn("digest"), .isNot, SQLLiteral.null)
                .all(decodingColumn: "digest", as: String.self)
            try await sql.delete(from: "telemetry_segments").where("measurement_uuid", .equal, Self.key(measurement)).run()
            try await sql.delete(from: "telemetry_chunks").where("measurement_uuid", .equal, Self.key(measurement)).run()
            try await sql.delete(from: "telemetry_data_ids").where("measurement_uuid", .equal, Self.key(measurement)).run()
            try await sql.delete(from: "telemetry_chunk_spans").where("measurement_uuid", .equal, Self.key(measurement)).run()
            try await sql.delete(from: "telemetry_sequences").where("measurement_uuid", .equal, Self.key(measurement)).run()
            return try digests.map(BlobDigest.init(hex:))
        }
    }

    /// The text form of a UUID in the tables: lowercase, as intdash shows them.
    static func key(_ uuid: UUID) -> String {
        uuid.uuidString.lowercased()
    }

    /// An expression for an upsert into `table` that keeps the smaller (`<`) or larger (`>`) of
    /// the stored and the new value of `column`, written with `CASE` because SQLite and
    /// PostgreSQL name their two-argument minimum differently.
    private static func pick(_ comparison: String, _ column: String, of table: String) -> String {
        "CASE WHEN excluded.\(column) \(comparison) \(table).\(column) THEN excluded.\(column) ELSE \(table).\(column) END"
    }
}

extension Array {
    /// The array cut into consecutive slices of at most `count` elements.
    fileprivate func chunks(ofCount count: Int) -> [ArraySlice<Element>] {
        stride(from: 0, to: self.count, by: count).map { self[$0..<Swift.min($0 + count, self.count)] }
    }
}
