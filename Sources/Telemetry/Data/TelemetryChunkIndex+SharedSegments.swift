import Foundation
import SQLKit
import Storage

/// The shared segments of instances that share no disk (``TelemetryDataMigrations``, version 3).
///
/// A shared segment is a numbered run of records like a segment file, but its records first
/// live in their index rows (*staged*) and then, once the segment is closed to further appends,
/// in one blob of the blob store (*sealed*). Every change to a measurement's shared segments
/// runs under that measurement's lock (``lock(of:)``), so appends from several instances get
/// distinct places, and a chunk re-sent through another instance is stored once.
extension TelemetryChunkIndex {
    /// A shared segment: where it is found, and the blob that holds it once sealed.
    struct SharedSegment: Hashable, Sendable {
        /// The measurement.
        let measurement: UUID
        /// The segment's number.
        let segment: Int
    }

    /// The sealed form of a segment.
    struct SealedSegment: Hashable, Sendable {
        /// The blob with the segment's records, back to back from offset 0.
        let digest: BlobDigest
        /// Its length in bytes.
        let length: Int
    }

    /// Stores `chunks` in the open shared segment of `measurement`, their records in their index
    /// rows, skipping those already stored, in one transaction under the measurement's lock.
    ///
    /// - Returns: The segment the chunks went to and where its records now end, or `nil` when
    ///   every chunk was stored before.
    func stage(_ chunks: [TelemetryEncodedChunk], of measurement: UUID) async throws -> (segment: Int, end: Int)? {
        try await database.withTransaction(serializedBy: Self.lock(of: measurement)) { sql in
            let stored = try await Self.storedKeys(
                among: Set(chunks.map { ChunkKey(streamID: $0.streamID, sequenceNumber: $0.sequenceNumber) }), of: measurement, on: sql)
            let fresh = chunks.filter { !stored.contains(ChunkKey(streamID: $0.streamID, sequenceNumber: $0.sequenceNumber)) }
            guard !fresh.isEmpty else { return nil }
            var (segment, offset) = try await Self.openSharedSegment(of: measurement, on: sql)
            let receivedAt = Date()
            var entries: [Entry] = []
            for chunk in fresh {
                entries.append(chunk.entry(segment: segment, offset: offset, receivedAt: receivedAt, staged: true))
                offset += chunk.record.count
            }
            try await Self.insert(entries, of: measurement, on: sql)
            return (segment, offset)
        }
    }

    /// Closes shared segment `segment` of `measurement` to further appends, if it is not closed
    /// yet, and returns its sealed form when it has one already.
    func close(_ segment: Int, of measurement: UUID) async throws -> SealedSegment? {
        try await database.withTransaction(serializedBy: Self.lock(of: measurement)) { sql in
            let length =
                try await sql.select()
                .column(SQLFunction("MAX", args: SQLRaw("byte_offset + byte_length")), as: "end")
                .from("telemetry_chunks")
                .where("measurement_uuid", .equal, Self.key(measurement)).where("segment", .equal, segment)
                .first(decodingColumn: "end", as: Int?.self) ?? nil
            try await sql.insert(into: "telemetry_segments")
                .columns("measurement_uuid", "segment", "byte_length", "digest", "closed_at")
                .values([Self.key(measurement), segment, length ?? 0, String?.none, Date()] as [any Encodable & Sendable])
                .ignoringConflicts(with: ["measurement_uuid", "segment"])
                .run()
            return try await Self.sealed(segment, of: measurement, on: sql)
        }
    }

    /// The records of closed shared segment `segment` of `measurement` still staged in their rows,
    /// with their offsets, in order.
    func stagedRecords(of segment: Int, of measurement: UUID) async throws -> [(offset: Int, record: [UInt8])] {
        try await database.withReadConnection { sql in
            try await sql.select().column("byte_offset").column("record").from("telemetry_chunks")
                .where("measurement_uuid", .equal, Self.key(measurement)).where("segment", .equal, segment)
                .where(SQLColumn("record"), .isNot, SQLLiteral.null)
                .orderBy("byte_offset")
                .all()
                .map { row in (try row.decode(column: "byte_offset", as: Int.self), Array(try row.decode(column: "record", as: Data.self))) }
        }
    }

    /// Records that closed shared segment `segment` of `measurement` is sealed in blob `digest`,
    /// and drops the copies of its records from their rows, in one transaction.
    func markSealed(_ segment: Int, of measurement: UUID, in digest: BlobDigest) async throws {
        try await database.withTransaction(serializedBy: Self.lock(of: measurement)) { sql in
            try await sql.update("telemetry_segments").set("digest", to: digest.hex)
                .where("measurement_uuid", .equal, Self.key(measurement)).where("segment", .equal, segment)
                .where(SQLColumn("digest"), .is, SQLLiteral.null)
                .run()
            try await sql.update("telemetry_chunks").set("record", to: SQLLiteral.null)
                .where("measurement_uuid", .equal, Self.key(measurement)).where("segment", .equal, segment)
                .run()
        }
    }

    /// The sealed form of segment `segment` of `measurement`, or `nil` when it is not sealed.
    func sealed(_ segment: Int, of measurement: UUID) async throws -> SealedSegment? {
        try await database.withReadConnection { sql in try await Self.sealed(segment, of: measurement, on: sql) }
    }

    /// The shared segments to seal now: those closed but not sealed (a sealer stopped half-way),
    /// and open ones whose last record was staged before `idleSince`.
    func segmentsToSeal(idleSince: Date) async throws -> [SharedSegment] {
        try await database.withReadConnection { sql in
            let closed = try await sql.select().column("measurement_uuid").column("segment").from("telemetry_segments")
                .where(SQLColumn("digest"), .is, SQLLiteral.null)
                .all()
            let idle = try await sql.select().column("measurement_uuid").column("segment").from("telemetry_chunks")
                .where(SQLColumn("record"), .isNot, SQLLiteral.null)
                .groupBy("measurement_uuid").groupBy("segment")
                .having(SQLFunction("MAX", args: SQLColumn("received_at")), .lessThan, SQLBind(idleSince))
                .all()
            var segments: [SharedSegment] = []
            for row in closed + idle {
                guard let measurement = UUID(uuidString: try row.decode(column: "measurement_uuid", as: String.self)) else { continue }
                let segment = SharedSegment(measurement: measurement, segment: try row.decode(column: "segment", as: Int.self))
                if !segments.contains(segment) { segments.append(segment) }
            }
            return segments
        }
    }

    /// The advisory lock that serializes changes to `measurement`'s shared segments.
    static func lock(of measurement: UUID) -> Int64 {
        Database.lock(named: "telemetry segments " + key(measurement))
    }

    /// Where the next record of `measurement` goes: after the last record of its newest segment
    /// while that is an open shared segment, else at the start of a new one (after a closed
    /// segment, or after a segment file written by an instance with a disk of its own).
    private static func openSharedSegment(of measurement: UUID, on sql: any SQLDatabase) async throws -> (segment: Int, offset: Int) {
        let last = try await sql.select()
            .column("segment").column("byte_offset").column("byte_length")
            .column(SQLRaw("CASE WHEN record IS NULL THEN 0 ELSE 1 END"), as: "staged")
            .from("telemetry_chunks")
            .where("measurement_uuid", .equal, key(measurement))
            .orderBy("segment", .descending).orderBy("byte_offset", .descending)
            .limit(1)
            .first()
        let closed =
            try await sql.select().column(SQLFunction("MAX", args: SQLColumn("segment")), as: "segment")
            .from("telemetry_segments")
            .where("measurement_uuid", .equal, key(measurement))
            .first(decodingColumn: "segment", as: Int?.self) ?? nil
        guard let last else { return ((closed ?? -1) + 1, 0) }
        let segment = try last.decode(column: "segment", as: Int.self)
        if let closed, closed >= segment { return (closed + 1, 0) }
        guard try last.decode(column: "staged", as: Int.self) == 1 else { return (segment + 1, 0) }
        return (segment, try last.decode(column: "byte_offset", as: Int.self) + last.decode(column: "byte_length", as: Int.self))
    }

    /// The sealed form of `segment` of `measurement`, read on `sql`.
    private static func sealed(_ segment: Int, of measurement: UUID, on sql: any SQLDatabase) async throws -> SealedSegment? {
        guard
            let row = try await sql.select().column("digest").column("byte_length").from("telemetry_segments")
                .where("measurement_uuid", .equal, key(measurement)).where("segment", .equal, segment)
                .first(),
            let digest = try row.decode(column: "digest", as: String?.self)
        else { return nil }
        return SealedSegment(digest: try BlobDigest(hex: digest), length: try row.decode(column: "byte_length", as: Int.self))
    }
}
