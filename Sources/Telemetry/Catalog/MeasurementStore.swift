import Foundation
import SQLKit
import Storage

/// The measurements (`telemetry_measurements`) with their base times and markers.
///
/// Who may see what is ``CatalogScope``'s rule; every method takes the caller's scope. The
/// realtime brokers, which act for the server itself, use the defaults (``CatalogScope/everything``).
///
/// A measurement's ``Measurement/basetime`` is always the base time of the highest
/// ``BaseTimeType/priority`` among its base times (`telemetry_measurement_basetimes`), or
/// none; every change of the base times recomputes it in the same transaction.
///
/// ```swift
/// let measurements = MeasurementStore(database: database)
/// let m = try await measurements.create(edgeUUID: edge.uuid, basetime: nanosecondsNow, basetimeType: .edgeRTC)
/// try await measurements.extendDuration(uuid: m.uuid, toElapsed: 5_000_000_000)
/// try await measurements.end(uuid: m.uuid)
/// ```
public struct MeasurementStore: Sendable {
    /// The database of the catalog.
    public let database: Database
    /// Called after a measurement was marked ended (the server wakes its
    /// ``MeasurementNotarizer``).
    let whenEnded: (@Sendable () -> Void)?

    /// A store over `database`, whose `telemetry` migrations must have run; `whenEnded` is
    /// called after a measurement was marked ended.
    public init(database: Database, whenEnded: (@Sendable () -> Void)? = nil) {
        self.database = database
        self.whenEnded = whenEnded
    }

    // MARK: Creating

    /// Creates a measurement of the edge with `edgeUUID`, which `scope` must see; with a base
    /// time, records it as the measurement's base time of type `basetimeType`.
    ///
    /// With the default scope (``CatalogScope/everything``, the server itself) the edge is not
    /// looked up: the realtime brokers have already checked that the sender may act as that
    /// node, which may be a person's user id before the person's `user` edge exists.
    ///
    /// - Parameters:
    ///   - uuid: The measurement's UUID; a new one when `nil` (iSCP clients may bring their own).
    ///   - basetime: Nanoseconds since 1970-01-01T00:00:00Z, or `nil` when not known yet.
    /// - Throws: ``CatalogError/edgeNotFound(_:)``, ``CatalogError/measurementExists(_:)``,
    ///   ``CatalogError/invalid(_:)``.
    @discardableResult
    public func create(
        edgeUUID: String, uuid: UUID? = nil, name: String = "", description: String = "", basetime: Int64? = nil,
        basetimeType: BaseTimeType = .manual, isProtected: Bool = false, scope: CatalogScope = .everything, now: Date = Date()
    ) async throws -> Measurement {
        try EdgeStore.validate(text: name, field: "name")
        try EdgeStore.validate(text: description, field: "description")
        let measurement = Measurement(
            uuid: (uuid ?? UUID()).uuidString.lowercased(), name: name, description: description, edgeUUID: edgeUUID.lowercased(),
            basetime: basetime, basetimeType: basetime == nil ? nil : basetimeType, maxElapsedTime: 0, ended: false,
            completed: false, isProtected: isProtected, createdAt: now, updatedAt: now
        )
        return try await database.withTransaction { sql in
            if scope != .everything {
                let edge = try await sql.select().columns(EdgeRow.columns).from("telemetry_edges")
                    .where("uuid", .equal, measurement.edgeUUID).first(decoding: EdgeRow.self).map { try $0.edge() }
                guard let edge, EdgeStore.isVisible(edge, in: scope) else { throw CatalogError.edgeNotFound(edgeUUID) }
            }
            let existing = try await sql.select().column("uuid").from("telemetry_measurements").where("uuid", .equal, measurement.uuid).first()
            guard existing == nil else { throw CatalogError.measurementExists(measurement.uuid) }
            try await sql.insert(into: "telemetry_measurements").columns(MeasurementRow.columns).values(
                SQLBind(measurement.uuid), SQLBind(measurement.name), SQLBind(measurement.description), SQLBind(measurement.edgeUUID),
                SQLBind(measurement.basetime), SQLBind(measurement.basetimeType?.rawValue ?? ""), SQLBind(measurement.maxElapsedTime),
                SQLBind(measurement.ended), SQLBind(measurement.completed), SQLBind(measurement.isProtected),
                SQLBind(measurement.createdAt), SQLBind(measurement.updatedAt)
            ).run()
            if let basetime {
                try await Self.upsertBaseTime(measurement.uuid, type: basetimeType, basetime: basetime, now: now, in: sql)
            }
            // Read back, so that the answer equals any later read (timestamps keep the
            // database's precision).
            return try await Self.visible(measurement.uuid, scope: .everything, in: sql)
        }
    }

    // MARK: Reading

    /// The measurements `scope` may see that match `query`, one page of them.
    public func list(_ query: MeasurementQuery, scope: CatalogScope) async throws -> CatalogPage<Measurement> {
        var conditions = query.conditions
        if let condition = scope.measurementCondition { conditions.append(condition) }
        return try await database.withReadConnection { sql in
            try await CatalogPage.read(
                MeasurementRow.self, from: "telemetry_measurements", where: conditions, sort: query.sort.column, order: query.order,
                page: query.page, in: sql, item: \.measurement
            )
        }
    }

    /// The measurement with `uuid`, if `scope` may see it.
    ///
    /// - Throws: ``CatalogError/measurementNotFound(_:)``.
    public func measurement(uuid: String, scope: CatalogScope = .everything) async throws -> Measurement {
        try await database.withReadConnection { sql in try await Self.visible(uuid, scope: scope, in: sql) }
    }

    // MARK: Changing

    /// Applies `change` (see ``MeasurementUpdate``) to the measurement with `uuid`.
    ///
    /// - Throws: ``CatalogError/measurementNotFound(_:)``, ``CatalogError/invalid(_:)`` for a
    ///   base time type without a base time on a measurement that has none.
    @discardableResult
    public func update(uuid: String, _ change: MeasurementUpdate, scope: CatalogScope, now: Date = Date()) async throws -> Measurement {
        try EdgeStore.validate(text: change.name ?? "", field: "name")
        try EdgeStore.validate(text: change.description ?? "", field: "description")
        return try await database.withTransaction { sql in
            let measurement = try await Self.visible(uuid, scope: scope, in: sql)
            let update = sql.update("telemetry_measurements").set("updated_at", to: SQLBind(now)).where("uuid", .equal, measurement.uuid)
            if let name = change.name { update.set("name", to: SQLBind(name)) }
            if let description = change.description { update.set("description", to: SQLBind(description)) }
            if let ended = change.ended { update.set("ended", to: SQLBind(ended)) }
            try await update.run()
            if let basetime = change.basetime {
                try await Self.upsertBaseTime(measurement.uuid, type: change.basetimeType ?? .manual, basetime: basetime, now: now, in: sql)
            } else if let type = change.basetimeType {
                guard let current = measurement.basetime else {
                    throw CatalogError.invalid("measurement \(measurement.uuid) has no base time to label as \(type.rawValue)")
                }
                try await Self.upsertBaseTime(measurement.uuid, type: type, basetime: current, now: now, in: sql)
            }
            return try await Self.visible(uuid, scope: scope, in: sql)
        }
    }

    /// Marks the measurement with `uuid` as ended: no more data will be acquired. When its
    /// edge has its measurements notarized, the notarization is queued in the same
    /// transaction (``MeasurementNotarizations``).
    ///
    /// - Throws: ``CatalogError/measurementNotFound(_:)``.
    public func end(uuid: String, scope: CatalogScope = .everything, now: Date = Date()) async throws {
        try await setFlags(uuid, scope: scope, now: now, ("ended", true))
        whenEnded?()
    }

    /// Marks the measurement with `uuid` as ended and completed: every piece of data arrived.
    /// Its notarization is queued as at ``end(uuid:scope:now:)``.
    ///
    /// - Throws: ``CatalogError/measurementNotFound(_:)``.
    public func complete(uuid: String, scope: CatalogScope = .everything, now: Date = Date()) async throws {
        try await setFlags(uuid, scope: scope, now: now, ("ended", true), ("completed", true))
        whenEnded?()
    }

    /// Protects the measurement with `uuid` from deletion, or lifts the protection.
    ///
    /// - Throws: ``CatalogError/measurementNotFound(_:)``.
    public func setProtected(_ isProtected: Bool, uuid: String, scope: CatalogScope, now: Date = Date()) async throws {
        try await setFlags(uuid, scope: scope, now: now, ("protected", isProtected))
    }

    /// Makes the measurement with `uuid` at least `elapsed` nanoseconds long; a shorter
    /// `elapsed` changes nothing.
    ///
    /// - Throws: ``CatalogError/measurementNotFound(_:)`` when there is no such measurement
    ///   (deleted, perhaps, while its device was still sending), so that the caller does not
    ///   acknowledge data that has nowhere to go.
    public func extendDuration(uuid: String, toElapsed elapsed: Int64, now: Date = Date()) async throws {
        let key = uuid.lowercased()
        try await database.withConnection { sql in
            let extended = try await sql.update("telemetry_measurements")
                .set("max_elapsed_time", to: SQLBind(elapsed)).set("updated_at", to: SQLBind(now))
                .where("uuid", .equal, key).where("max_elapsed_time", .lessThan, SQLBind(elapsed))
                .returning("uuid")
                .all()
            guard extended.isEmpty else { return }
            let existing = try await sql.select().column("uuid").from("telemetry_measurements").where("uuid", .equal, key).first()
            guard existing != nil else { throw CatalogError.measurementNotFound(uuid) }
        }
    }

    /// Deletes the measurement with `uuid` with its base times and markers, and returns what
    /// it was. Its stored points are the data store's (``TelemetryDataStore/delete(measurement:)``).
    ///
    /// - Throws: ``CatalogError/measurementNotFound(_:)``, ``CatalogError/measurementProtected(_:)``.
    @discardableResult
    public func delete(uuid: String, scope: CatalogScope) async throws -> Measurement {
        try await database.withTransaction { sql in
            let measurement = try await Self.visible(uuid, scope: scope, in: sql)
            guard !measurement.isProtected else { throw CatalogError.measurementProtected(measurement.uuid) }
            // Deleted explicitly: the outcome must not depend on SQLite's foreign-key pragma.
            for table in ["telemetry_measurement_markers", "telemetry_measurement_basetimes"] {
                try await sql.delete(from: table).where("measurement_uuid", .equal, measurement.uuid).run()
            }
            try await sql.delete(from: "telemetry_measurements").where("uuid", .equal, measurement.uuid).run()
            return measurement
        }
    }

    /// Sets boolean columns of a visible measurement.
    private func setFlags(_ uuid: String, scope: CatalogScope, now: Date, _ flags: (String, Bool)...) async throws {
        try await database.withTransaction { sql in
            let measurement = try await Self.visible(uuid, scope: scope, in: sql)
            let update = sql.update("telemetry_measurements").set("updated_at", to: SQLBind(now)).where("uuid", .equal, measurement.uuid)
            for (column, value) in flags { update.set(SQLColumn(column), to: SQLBind(value)) }
            try await update.run()
            if flags.contains(where: { $0 == ("ended", true) }) {
                try await MeasurementNotarizations.queueIfWanted(measurementUUID: measurement.uuid, at: now, in: sql)
            }
        }
    }

    // MARK: Rows

    /// The measurement with `uuid` if `scope` may see it, read with `sql`.
    static func visible(_ uuid: String, scope: CatalogScope, in sql: any SQLDatabase) async throws -> Measurement {
        let select = sql.select().columns(MeasurementRow.columns).from("telemetry_measurements").where("uuid", .equal, uuid.lowercased())
        if let condition = scope.measurementCondition { select.where(condition) }
        guard let row = try await select.first(decoding: MeasurementRow.self) else { throw CatalogError.measurementNotFound(uuid) }
        return row.measurement
    }
}
