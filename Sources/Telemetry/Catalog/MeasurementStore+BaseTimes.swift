import Foundation
import SQLKit
import Storage

/// A measurement's base times: one per clock type, the highest-priority one being the
/// measurement's own.
extension MeasurementStore {
    /// The base times of the measurement with `uuid`, highest priority first.
    ///
    /// - Throws: ``CatalogError/measurementNotFound(_:)``.
    public func baseTimes(of uuid: String, scope: CatalogScope = .everything) async throws -> [MeasurementBaseTime] {
        try await database.withReadConnection { sql in
            let measurement = try await Self.visible(uuid, scope: scope, in: sql)
            return try await Self.baseTimes(of: measurement.uuid, in: sql)
        }
    }

    /// The base time of type `type` of the measurement with `uuid`.
    ///
    /// - Throws: ``CatalogError/measurementNotFound(_:)``, ``CatalogError/baseTimeNotFound(measurement:type:)``.
    public func baseTime(of uuid: String, type: BaseTimeType, scope: CatalogScope = .everything) async throws -> MeasurementBaseTime {
        guard let found = try await baseTimes(of: uuid, scope: scope).first(where: { $0.type == type }) else {
            throw CatalogError.baseTimeNotFound(measurement: uuid, type: type.rawValue)
        }
        return found
    }

    /// Records (or replaces) the base time of type `type` of the measurement with `uuid`, in
    /// nanoseconds since 1970-01-01T00:00:00Z, and makes the highest-priority base time the
    /// measurement's.
    ///
    /// - Throws: ``CatalogError/measurementNotFound(_:)``.
    public func setBaseTime(uuid: String, type: BaseTimeType, basetime: Int64, scope: CatalogScope = .everything, now: Date = Date()) async throws {
        try await database.withTransaction { sql in
            let measurement = try await Self.visible(uuid, scope: scope, in: sql)
            try await Self.upsertBaseTime(measurement.uuid, type: type, basetime: basetime, now: now, in: sql)
        }
    }

    /// Removes the base time of type `type` of the measurement with `uuid`; the measurement's
    /// base time becomes the highest-priority one left, or none.
    ///
    /// - Throws: ``CatalogError/measurementNotFound(_:)``, ``CatalogError/baseTimeNotFound(measurement:type:)``.
    public func deleteBaseTime(uuid: String, type: BaseTimeType, scope: CatalogScope, now: Date = Date()) async throws {
        try await database.withTransaction { sql in
            let measurement = try await Self.visible(uuid, scope: scope, in: sql)
            guard try await Self.baseTimes(of: measurement.uuid, in: sql).contains(where: { $0.type == type }) else {
                throw CatalogError.baseTimeNotFound(measurement: uuid, type: type.rawValue)
            }
            try await sql.delete(from: "telemetry_measurement_basetimes")
                .where("measurement_uuid", .equal, measurement.uuid).where("type", .equal, type.rawValue).run()
            try await Self.adoptHighestPriorityBaseTime(of: measurement.uuid, now: now, in: sql)
        }
    }

    /// Inserts or replaces a base time, then recomputes the measurement's.
    static func upsertBaseTime(_ uuid: String, type: BaseTimeType, basetime: Int64, now: Date, in sql: any SQLDatabase) async throws {
        let existing = try await sql.select().column("type").from("telemetry_measurement_basetimes")
            .where("measurement_uuid", .equal, uuid).where("type", .equal, type.rawValue).first()
        if existing == nil {
            try await sql.insert(into: "telemetry_measurement_basetimes")
                .columns(MeasurementBaseTimeRow.columns)
                .values(SQLBind(uuid), SQLBind(type.rawValue), SQLBind(basetime), SQLBind(now), SQLBind(now))
                .run()
        } else {
            try await sql.update("telemetry_measurement_basetimes")
                .set("basetime", to: SQLBind(basetime)).set("updated_at", to: SQLBind(now))
                .where("measurement_uuid", .equal, uuid).where("type", .equal, type.rawValue)
                .run()
        }
        try await adoptHighestPriorityBaseTime(of: uuid, now: now, in: sql)
    }

    /// Sets the measurement's base time and type to those of its highest-priority base time.
    private static func adoptHighestPriorityBaseTime(of uuid: String, now: Date, in sql: any SQLDatabase) async throws {
        let winner = try await baseTimes(of: uuid, in: sql).first
        try await sql.update("telemetry_measurements")
            .set("basetime", to: SQLBind(winner?.basetime)).set("basetime_type", to: SQLBind(winner?.type.rawValue ?? ""))
            .set("updated_at", to: SQLBind(now))
            .where("uuid", .equal, uuid).run()
    }

    /// The base times of a measurement, highest priority first; unknown stored types are skipped.
    private static func baseTimes(of uuid: String, in sql: any SQLDatabase) async throws -> [MeasurementBaseTime] {
        let rows = try await sql.select().columns(MeasurementBaseTimeRow.columns)
            .from("telemetry_measurement_basetimes").where("measurement_uuid", .equal, uuid).all(decoding: MeasurementBaseTimeRow.self)
        return rows.compactMap(\.baseTime).sorted { $0.type.priority > $1.type.priority }
    }
}
