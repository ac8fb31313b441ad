import SQLKit
import Storage

/// The schema history of the index of stored telemetry data.
///
/// - `telemetry_chunks`: one row per stored chunk, saying which segment file of its
///   measurement holds it, where, and which span of elapsed times its points cover. The
///   unique key on (measurement, stream, sequence number) is what stores a re-sent chunk once.
/// - `telemetry_data_ids`: per measurement and data id, how many points there are and the
///   span of their elapsed times, kept up to date by every append.
/// - `telemetry_sequences` (2): what a client declared of one stream (a *sequence* in intdash's
///   terms) of a measurement: how many points and up to which sequence number the server
///   should expect. What was received is counted from `telemetry_chunks`.
/// - Shared segments (3), for instances that share no disk: `telemetry_chunks.record` holds the
///   record bytes of a chunk whose segment is not sealed yet, and `telemetry_segments` names the
///   segments that were closed to further appends and, once sealed, the blob that holds them.
///   A chunk with neither lies in a segment file of the instance that wrote it.
/// - `telemetry_chunk_spans` (4): per measurement, the longest span of elapsed times one of its
///   chunks covers, kept up to date by every append. A query from a time on need only read
///   the chunks that start no earlier than that time less this span (and mirrored for a
///   query back from a time), instead of every chunk from the measurement's start.
public enum TelemetryDataMigrations {
    /// All migrations of the `telemetry-data` module, in order.
    public static let all = MigrationSet(
        module: "telemetry-data",
        migrations: [
            Migration(version: 1, name: "chunk index and data id summaries") { sql in
                try await sql.create(table: "telemetry_chunks")
                    .column("measurement_uuid", type: .text, .notNull)
                    .column("stream_id", type: .text, .notNull)
                    .column("sequence_number", type: .bigint, .notNull)
                    .column("segment", type: .bigint, .notNull)
                    .column("byte_offset", type: .bigint, .notNull)
                    .column("byte_length", type: .bigint, .notNull)
                    .column("first_elapsed_ns", type: .bigint, .notNull)
                    .column("last_elapsed_ns", type: .bigint, .notNull)
                    .column("point_count", type: .bigint, .notNull)
                    .column("received_at", type: .timestamp, .notNull)
                    .primaryKey("measurement_uuid", "stream_id", "sequence_number")
                    .run()
                try await sql.create(index: "telemetry_chunks_by_first_elapsed").on("telemetry_chunks")
                    .column("measurement_uuid").column("first_elapsed_ns").column("segment").column("byte_offset")
                    .run()
                try await sql.create(index: "telemetry_chunks_by_last_elapsed").on("telemetry_chunks")
                    .column("measurement_uuid").column("last_elapsed_ns").column("segment").column("byte_offset")
                    .run()
                try await sql.create(index: "telemetry_chunks_by_position").on("telemetry_chunks")
                    .column("measurement_uuid").column("segment").column("byte_offset")
                    .run()
                try await sql.create(table: "telemetry_data_ids")
                    .column("measurement_uuid", type: .text, .notNull)
                    .column("name", type: .text, .notNull)
                    .column("type", type: .text, .notNull)
                    .column("point_count", type: .bigint, .notNull)
                    .column("first_elapsed_ns", type: .bigint, .notNull)
                    .column("last_elapsed_ns", type: .bigint, .notNull)
                    .primaryKey("measurement_uuid", "name", "type")
                    .run()
            },
            Migration(version: 2, name: "sequence expectations") { sql in
                try await sql.create(table: "telemetry_sequences")
                    .column("measurement_uuid", type: .text, .notNull)
                    .column("stream_id", type: .text, .notNull)
                    .column("expected_data_points", type: .bigint)
                    .column("final_sequence_number", type: .bigint)
                    .column("created_at", type: .timestamp, .notNull)
                    .column("updated_at", type: .timestamp, .notNull)
                    .primaryKey("measurement_uuid", "stream_id")
                    .run()
            },
            Migration(version: 3, name: "shared segments") { sql in
                try await sql.alter(table: "telemetry_chunks").column("record", type: .blob).run()
                // The sealers' search for staged records reads only the rows that have them.
                try await sql.raw("CREATE INDEX telemetry_chunks_staged ON telemetry_chunks (measurement_uuid, segment) WHERE record IS NOT NULL")
                    .run()
                try await sql.create(table: "telemetry_segments")
                    .column("measurement_uuid", type: .text, .notNull)
                    .column("segment", type: .bigint, .notNull)
                    .column("byte_length", type: .bigint, .notNull)
                    .column("digest", type: .text)
                    .column("closed_at", type: .timestamp, .notNull)
                    .primaryKey("measurement_uuid", "segment")
                    .run()
            },
            Migration(version: 4, name: "longest chunk spans") { sql in
                try await sql.create(table: "telemetry_chunk_spans")
                    .column("measurement_uuid", type: .text, .primaryKey(autoIncrement: false))
                    .column("longest_ns", type: .bigint, .notNull)
                    .run()
                // A span wider than a signed 64-bit number holds (a chunk from before the base
                // time to far after it) counts as the widest there is, on both engines.
                try await sql.raw(
                    """
                    INSERT INTO telemetry_chunk_spans (measurement_uuid, longest_ns)
                    SELECT measurement_uuid, MAX(CASE
                        WHEN first_elapsed_ns >= 0 THEN last_elapsed_ns - first_elapsed_ns
                        WHEN last_elapsed_ns < first_elapsed_ns + 9223372036854775807 THEN last_elapsed_ns - first_elapsed_ns
                        ELSE 9223372036854775807 END)
                    FROM telemetry_chunks GROUP BY measurement_uuid
                    """
                ).run()
            },
        ])
}
