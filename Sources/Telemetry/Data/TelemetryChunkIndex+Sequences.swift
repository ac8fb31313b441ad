import Foundation
import SQLKit
import Storage

// The sequences of a measurement: its chunks counted per stream, joined with what the clients
// declared (``TelemetryDataMigrations``, `telemetry_sequences`).
extension TelemetryChunkIndex {
    /// The sequences of `measurement`, oldest first: every stream with stored chunks or a
    /// declaration; only stream `streamID` when one is given.
    func sequences(of measurement: UUID, streamID: UUID? = nil) async throws -> [TelemetrySequence] {
        let key = Self.key(measurement)
        let stream = streamID.map(Self.key)
        let (received, declared) = try await database.withReadConnection { sql in
            let onlyStream: SQLQueryString = stream.map { "AND stream_id = \(bind: $0)" } ?? ""
            let received = try await sql.raw(
                """
                SELECT stream_id, COUNT(*) AS chunk_count, CAST(SUM(point_count) AS BIGINT) AS point_count,
                    MIN(received_at) AS first_received, MAX(received_at) AS last_received
                FROM telemetry_chunks WHERE measurement_uuid = \(bind: key) \(onlyStream) GROUP BY stream_id
                """
            ).all()
            var declarations = sql.select()
                .column("stream_id").column("expected_data_points").column("final_sequence_number")
                .column("created_at").column("updated_at")
                .from("telemetry_sequences")
                .where("measurement_uuid", .equal, key)
            if let stream { declarations = declarations.where("stream_id", .equal, stream) }
            let declared = try await declarations.all()
            return (received, declared)
        }
        struct Declaration {
            let expectedDataPoints: Int?
            let finalSequenceNumber: Int?
            let createdAt: Date
            let updatedAt: Date
        }
        var declarations: [String: Declaration] = [:]
        for row in declared {
            declarations[try row.decode(column: "stream_id", as: String.self)] = Declaration(
                expectedDataPoints: try row.decode(column: "expected_data_points", as: Int?.self),
                finalSequenceNumber: try row.decode(column: "final_sequence_number", as: Int?.self),
                createdAt: try row.decode(column: "created_at", as: Date.self),
                updatedAt: try row.decode(column: "updated_at", as: Date.self)
            )
        }
        var sequences: [TelemetrySequence] = []
        for row in received {
            let stream = try row.decode(column: "stream_id", as: String.self)
            guard let streamID = UUID(uuidString: stream) else { continue }
            let declaration = declarations.removeValue(forKey: stream)
            let firstReceived = try row.decode(column: "first_received", as: Date.self)
            let lastReceived = try row.decode(column: "last_received", as: Date.self)
            sequences.append(
                TelemetrySequence(
                    streamID: streamID,
                    receivedChunkCount: try row.decode(column: "chunk_count", as: Int.self),
                    receivedDataPoints: try row.decode(column: "point_count", as: Int.self),
                    expectedDataPoints: declaration?.expectedDataPoints, finalSequenceNumber: declaration?.finalSequenceNumber,
                    createdAt: min(firstReceived, declaration?.createdAt ?? firstReceived),
                    updatedAt: max(lastReceived, declaration?.updatedAt ?? lastReceived)
                ))
        }
        for (stream, declaration) in declarations {
            guard let streamID = UUID(uuidString: stream) else { continue }
            sequences.append(
                TelemetrySequence(
                    streamID: streamID, receivedChunkCount: 0, receivedDataPoints: 0,
                    expectedDataPoints: declaration.expectedDataPoints, finalSequenceNumber: declaration.finalSequenceNumber,
                    createdAt: declaration.createdAt, updatedAt: declaration.updatedAt
                ))
        }
        return sequences.sorted { ($0.createdAt, $0.streamID.uuidString) < ($1.createdAt, $1.streamID.uuidString) }
    }

    /// The highest sequence number and the point count of the chunks of stream `streamID` of
    /// `measurement`.
    func progress(of streamID: UUID, in measurement: UUID) async throws -> TelemetryStreamProgress {
        let row = try await database.withReadConnection { sql in
            try await sql.raw(
                """
                SELECT MAX(sequence_number) AS highest, CAST(SUM(point_count) AS BIGINT) AS point_count
                FROM telemetry_chunks WHERE measurement_uuid = \(bind: Self.key(measurement)) AND stream_id = \(bind: Self.key(streamID))
                """
            ).first()
        }
        guard let row, let highest = try row.decode(column: "highest", as: Int64?.self) else { return .none }
        let points = try row.decode(column: "point_count", as: Int64?.self) ?? 0
        return TelemetryStreamProgress(highestSequenceNumber: UInt32(clamping: highest), dataPoints: UInt64(clamping: points))
    }

    /// Records what a client declares of stream `streamID` of `measurement`; a value left `nil`
    /// keeps what was declared before.
    func declare(measurement: UUID, streamID: UUID, expectedDataPoints: Int?, finalSequenceNumber: Int?) async throws {
        let now = Date()
        try await database.withTransaction { sql in
            let existing = try await sql.select()
                .column("expected_data_points").column("final_sequence_number")
                .from("telemetry_sequences")
                .where("measurement_uuid", .equal, Self.key(measurement)).where("stream_id", .equal, Self.key(streamID))
                .first()
            if let existing {
                try await sql.update("telemetry_sequences")
                    .set("expected_data_points", to: expectedDataPoints ?? (try existing.decode(column: "expected_data_points", as: Int?.self)))
                    .set("final_sequence_number", to: finalSequenceNumber ?? (try existing.decode(column: "final_sequence_number", as: Int?.self)))
                    .set("updated_at", to: now)
                    .where("measurement_uuid", .equal, Self.key(measurement)).where("stream_id", .equal, Self.key(streamID))
                    .run()
            } else {
                try await sql.insert(into: "telemetry_sequences")
                    .columns("measurement_uuid", "stream_id", "expected_data_points", "final_sequence_number", "created_at", "updated_at")
                    .values(
                        SQLBind(Self.key(measurement)), SQLBind(Self.key(streamID)), SQLBind(expectedDataPoints), SQLBind(finalSequenceNumber),
                        SQLBind(now), SQLBind(now)
                    )
                    .run()
            }
        }
    }
}
