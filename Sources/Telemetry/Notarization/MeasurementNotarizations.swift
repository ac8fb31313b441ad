import Foundation
import SQLKit
import Storage

/// Which edges have their measurements notarized when they end (`telemetry_notarizing_edges`),
/// and the queue of those notarizations (`telemetry_measurement_notarizations`, a
/// ``Storage/DurableOutbox`` keyed by the measurement's UUID, which ``MeasurementNotarizer``
/// works through).
///
/// A measurement is queued in the transaction that marks it ended
/// (``MeasurementStore/end(uuid:scope:now:)`` and ``MeasurementStore/complete(uuid:scope:now:)``),
/// once: ending it again or completing it later queues nothing more.
public struct MeasurementNotarizations: Sendable {
    /// The table of the queue and its bookkeeping columns.
    static let table = OutboxTable(name: "telemetry_measurement_notarizations", doneAt: "notarized_at")

    /// What a claim reads of a queued notarization: the measurement it is for.
    struct Job: Decodable, Sendable {
        /// The measurement's UUID.
        let id: String
    }

    /// The database.
    public let database: Database
    /// The queue's claims and records of attempts.
    let outbox: DurableOutbox<Job>

    /// The notarizations in `database`.
    public init(database: Database) {
        self.database = database
        outbox = DurableOutbox(database: database, table: Self.table, payloadColumns: ["id"])
    }

    /// Has the measurements of the edge `edgeUUID` notarized when they end (`notarizes` true),
    /// or no longer; measurements that ended before are not notarized.
    public func setNotarizes(_ notarizes: Bool, edgeUUID: String) async throws {
        let key = edgeUUID.lowercased()
        try await database.withTransaction { sql in
            try await sql.delete(from: "telemetry_notarizing_edges").where("edge_uuid", .equal, key).run()
            if notarizes {
                try await sql.insert(into: "telemetry_notarizing_edges").columns("edge_uuid", "since").values(SQLBind(key), SQLBind(Date())).run()
            }
        }
    }

    /// The UUIDs of the edges whose measurements are notarized.
    public func notarizingEdges() async throws -> Set<String> {
        try await database.withReadConnection { sql in
            Set(try await sql.select().column("edge_uuid").from("telemetry_notarizing_edges").all(decodingColumn: "edge_uuid", as: String.self))
        }
    }

    /// The notarization of the measurement `measurementUUID`, or `nil` when none was queued.
    public func notarization(of measurementUUID: String) async throws -> MeasurementNotarization? {
        try await database.withReadConnection { sql in
            guard
                let row = try await sql.select().columns("*").from(Self.table.name).where("id", .equal, measurementUUID.lowercased()).first()
            else { return nil }
            return MeasurementNotarization(
                measurementUUID: try row.decode(column: "id", as: String.self), queuedAt: try row.decode(column: "created_at", as: Date.self),
                notarizedAt: try row.decode(column: "notarized_at", as: Date?.self), reportID: try row.decode(column: "report_id", as: String?.self),
                sha256: try row.decode(column: "sha256", as: String?.self), pointCount: try row.decode(column: "point_count", as: Int?.self),
                verifyPath: try row.decode(column: "verify_path", as: String?.self), lastError: try row.decode(column: "last_error", as: String?.self)
            )
        }
    }

    /// Queues, with `sql`, the notarization of the measurement `measurementUUID` when its edge
    /// notarizes and none is queued yet.
    static func queueIfWanted(measurementUUID: String, at now: Date, in sql: any SQLDatabase) async throws {
        try await sql.raw(
            """
            INSERT INTO telemetry_measurement_notarizations (id, attempts, next_attempt_at, created_at) \
            SELECT m.uuid, 0, \(bind: now), \(bind: now) FROM telemetry_measurements AS m \
            INNER JOIN telemetry_notarizing_edges AS e ON e.edge_uuid = m.edge_uuid \
            WHERE m.uuid = \(bind: measurementUUID.lowercased()) \
            ON CONFLICT (id) DO NOTHING
            """
        ).run()
    }
}
