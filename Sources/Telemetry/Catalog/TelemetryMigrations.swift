import Foundation
import SQLKit
import Storage

/// The schema history of the telemetry catalog: edges, measurements, their base times and
/// markers, captures, signals, and (4) the iSCP v2 upstreams of a deployment of several
/// instances (``ISCP2SharedUpstreams``): `iscp2_upstreams` and the data-id aliases assigned
/// on each, `iscp2_upstream_aliases`.
///
/// Times of the domain (base times, elapsed times) are integers in the unit the wire APIs use,
/// so that nothing is lost to a floating-point or timestamp column: base times in nanoseconds
/// since 1970-01-01T00:00:00Z, a measurement's length in nanoseconds of elapsed time, marker
/// times in microseconds of elapsed time (what intdash's marker API sends). Bookkeeping times
/// (`created_at`, `updated_at`, `last_login_at`) are ordinary timestamps.
///
/// A measurement or capture names its edge by UUID without a foreign key: deleting an edge
/// keeps the data it recorded. A capture's start is in nanoseconds since 1970 and its length
/// in microseconds (intdash's capture API).
///
/// A signal's conversion and display are JSON texts (the Codable forms of
/// ``SignalConversion`` and ``SignalDisplay``): they are read and written whole, never
/// searched, and a text column means the same on both engines.
public enum TelemetryMigrations {
    /// The SQL type of the flags, `BOOLEAN` on both engines (SQLite stores it as 0 or 1).
    private static let boolean = SQLDataType.custom(SQLRaw("BOOLEAN"))

    /// All migrations of the `telemetry` module, in order.
    public static let all = MigrationSet(
        module: "telemetry",
        migrations: [
            Migration(version: 1, name: "edges, measurements, base times, markers") { sql in
                try await sql.create(table: "telemetry_edges")
                    .column("uuid", type: .text, .primaryKey(autoIncrement: false))
                    .column("name", type: .text, .notNull, .unique)
                    .column("nickname", type: .text, .notNull)
                    .column("description", type: .text, .notNull)
                    .column("type", type: .text, .notNull)
                    .column("disabled", type: boolean, .notNull)
                    .column("owner_user_id", type: .text)
                    .column("user_id", type: .text, .notNull)
                    .column("created_at", type: .timestamp, .notNull)
                    .column("updated_at", type: .timestamp, .notNull)
                    .column("last_login_at", type: .timestamp)
                    .run()
                try await sql.create(index: "telemetry_edges_by_owner").on("telemetry_edges").column("owner_user_id").run()
                try await sql.create(index: "telemetry_edges_by_user").on("telemetry_edges").column("user_id").run()

                try await sql.create(table: "telemetry_measurements")
                    .column("uuid", type: .text, .primaryKey(autoIncrement: false))
                    .column("name", type: .text, .notNull)
                    .column("description", type: .text, .notNull)
                    .column("edge_uuid", type: .text, .notNull)
                    .column("basetime", type: .bigint)
                    .column("basetime_type", type: .text, .notNull)
                    .column("max_elapsed_time", type: .bigint, .notNull)
                    .column("ended", type: boolean, .notNull)
                    .column("completed", type: boolean, .notNull)
                    .column("protected", type: boolean, .notNull)
                    .column("created_at", type: .timestamp, .notNull)
                    .column("updated_at", type: .timestamp, .notNull)
                    .run()
                try await sql.create(index: "telemetry_measurements_by_edge").on("telemetry_measurements")
                    .column("edge_uuid").column("basetime").run()
                try await sql.create(index: "telemetry_measurements_by_basetime").on("telemetry_measurements").column("basetime").run()
                try await sql.create(index: "telemetry_measurements_by_name").on("telemetry_measurements").column("name").run()

                try await sql.create(table: "telemetry_measurement_basetimes")
                    .column(
                        "measurement_uuid", type: .text, .notNull,
                        .references("telemetry_measurements", "uuid", onDelete: .cascade)
                    )
                    .column("type", type: .text, .notNull)
                    .column("basetime", type: .bigint, .notNull)
                    .column("created_at", type: .timestamp, .notNull)
                    .column("updated_at", type: .timestamp, .notNull)
                    .primaryKey("measurement_uuid", "type")
                    .run()

                try await sql.create(table: "telemetry_measurement_markers")
                    .column("uuid", type: .text, .primaryKey(autoIncrement: false))
                    .column(
                        "measurement_uuid", type: .text, .notNull,
                        .references("telemetry_measurements", "uuid", onDelete: .cascade)
                    )
                    .column("name", type: .text, .notNull)
                    .column("description", type: .text, .notNull)
                    .column("type", type: .text, .notNull)
                    .column("start_elapsed_time", type: .bigint, .notNull)
                    .column("end_elapsed_time", type: .bigint)
                    .column("tag", type: .text, .notNull)
                    .column("created_at", type: .timestamp, .notNull)
                    .column("created_by", type: .text, .notNull)
                    .column("updated_at", type: .timestamp, .notNull)
                    .column("updated_by", type: .text, .notNull)
                    .run()
                try await sql.create(index: "telemetry_measurement_markers_by_measurement").on("telemetry_measurement_markers")
                    .column("measurement_uuid").column("start_elapsed_time").run()
            },
            Migration(version: 2, name: "captures") { sql in
                try await sql.create(table: "telemetry_captures")
                    .column("uuid", type: .text, .primaryKey(autoIncrement: false))
                    .column("name", type: .text, .notNull)
                    .column("description", type: .text, .notNull)
                    .column("edge_uuid", type: .text, .notNull)
                    .column("start", type: .bigint, .notNull)
                    .column("duration", type: .bigint, .notNull)
                    .column("shared", type: boolean, .notNull)
                    .column("created_at", type: .timestamp, .notNull)
                    .column("updated_at", type: .timestamp, .notNull)
                    .run()
                try await sql.create(index: "telemetry_captures_by_edge").on("telemetry_captures").column("edge_uuid").column("start").run()
                try await sql.create(index: "telemetry_captures_by_start").on("telemetry_captures").column("start").run()
            },
            Migration(version: 3, name: "signals") { sql in
                try await sql.create(table: "telemetry_signals")
                    .column("uuid", type: .text, .primaryKey(autoIncrement: false))
                    .column("label", type: .text, .notNull, .unique)
                    .column("description", type: .text, .notNull)
                    .column("data_type", type: .bigint, .notNull)
                    .column("channel", type: .bigint, .notNull)
                    .column("data_id", type: .text, .notNull)
                    .column("conversion", type: .text, .notNull)
                    .column("display", type: .text, .notNull)
                    .column("created_by", type: .text, .notNull)
                    .column("created_at", type: .timestamp, .notNull)
                    .column("updated_at", type: .timestamp, .notNull)
                    .run()
            },
            Migration(version: 4, name: "shared iSCP v2 upstreams") { sql in
                try await sql.create(table: "iscp2_upstreams")
                    .column("stream_id", type: .text, .primaryKey(autoIncrement: false))
                    .column("session_id", type: .text, .notNull)
                    .column("node_id", type: .text, .notNull)
                    .column("qos", type: .bigint, .notNull)
                    .column("persists", type: boolean, .notNull)
                    .column("expiry_ms", type: .bigint, .notNull)
                    .column("ack_interval_ms", type: .bigint, .notNull)
                    .column("holder", type: .text, .notNull)
                    .column("generation", type: .bigint, .notNull)
                    .column("parked", type: boolean, .notNull)
                    .column("lease_until_ms", type: .bigint, .notNull)
                    .run()
                try await sql.create(index: "iscp2_upstreams_by_holder").on("iscp2_upstreams").column("holder").run()
                try await sql.create(index: "iscp2_upstreams_by_lease").on("iscp2_upstreams").column("lease_until_ms").run()
                try await sql.create(table: "iscp2_upstream_aliases")
                    .column("stream_id", type: .text, .notNull)
                    .column("alias", type: .bigint, .notNull)
                    .column("name", type: .text, .notNull)
                    .column("type", type: .text, .notNull)
                    .primaryKey("stream_id", "alias")
                    .run()
            },
            Migration(version: 5, name: "edges whose measurements are notarized, and measurement notarizations") { sql in
                try await sql.create(table: "telemetry_notarizing_edges")
                    .column("edge_uuid", type: .text, .primaryKey(autoIncrement: false))
                    .column("since", type: .timestamp, .notNull)
                    .run()
                try await sql.create(table: "telemetry_measurement_notarizations")
                    .column("id", type: .text, .primaryKey(autoIncrement: false))
                    .column("attempts", type: .bigint, .notNull)
                    .column("next_attempt_at", type: .timestamp)
                    .column("last_error", type: .text)
                    .column("notarized_at", type: .timestamp)
                    .column("created_at", type: .timestamp, .notNull)
                    .column("report_id", type: .text)
                    .column("sha256", type: .text)
                    .column("point_count", type: .bigint)
                    .column("verify_path", type: .text)
                    .run()
                try await sql.create(index: "telemetry_measurement_notarizations_due").on("telemetry_measurement_notarizations")
                    .column("notarized_at").column("next_attempt_at").run()
            },
        ])
}
