import Foundation
import SQLKit
import Storage

/// A measurement's markers. A marker is visible to whoever may see its measurement.
extension MeasurementStore {
    /// The markers of the measurement with `uuid`, in the order they start.
    ///
    /// - Throws: ``CatalogError/measurementNotFound(_:)``.
    public func markers(of uuid: String, scope: CatalogScope) async throws -> [MeasurementMarker] {
        try await database.withReadConnection { sql in
            let measurement = try await Self.visible(uuid, scope: scope, in: sql)
            return try await sql.select().columns(MeasurementMarkerRow.columns).from("telemetry_measurement_markers")
                .where("measurement_uuid", .equal, measurement.uuid)
                .orderBy("start_elapsed_time").orderBy("created_at").orderBy("uuid")
                .all(decoding: MeasurementMarkerRow.self).map { try $0.marker() }
        }
    }

    /// The marker with `uuid`, if `scope` may see its measurement (and it belongs to
    /// `measurementUUID`, when that is given).
    ///
    /// - Throws: ``CatalogError/markerNotFound(_:)``.
    public func marker(uuid: String, in measurementUUID: String? = nil, scope: CatalogScope) async throws -> MeasurementMarker {
        try await database.withReadConnection { sql in
            try await Self.visibleMarker(uuid, in: measurementUUID, scope: scope, in: sql)
        }
    }

    /// Adds a marker to the measurement with `uuid`, made by the user with id `userID`.
    ///
    /// - Throws: ``CatalogError/measurementNotFound(_:)``, ``CatalogError/invalid(_:)``.
    public func createMarker(
        in uuid: String, name: String = "", description: String = "", span: MarkerSpan, tag: [String: String] = [:],
        by userID: String, scope: CatalogScope, now: Date = Date()
    ) async throws -> MeasurementMarker {
        try EdgeStore.validate(text: name, field: "name")
        try EdgeStore.validate(text: description, field: "description")
        try span.validate()
        return try await database.withTransaction { sql in
            let measurement = try await Self.visible(uuid, scope: scope, in: sql)
            let marker = MeasurementMarker(
                uuid: UUID().uuidString.lowercased(), measurementUUID: measurement.uuid, name: name, description: description,
                span: span, tag: tag, createdAt: now, createdBy: userID, updatedAt: now, updatedBy: userID
            )
            try await sql.insert(into: "telemetry_measurement_markers").columns(MeasurementMarkerRow.columns).values(
                SQLBind(marker.uuid), SQLBind(marker.measurementUUID), SQLBind(marker.name), SQLBind(marker.description),
                SQLBind(span.typeName), SQLBind(span.start), SQLBind(span.end), SQLBind(try Self.encode(tag)),
                SQLBind(now), SQLBind(userID), SQLBind(now), SQLBind(userID)
            ).run()
            // Read back, so that the answer equals any later read (timestamps keep the
            // database's precision).
            return try await Self.visibleMarker(marker.uuid, in: nil, scope: .everything, in: sql)
        }
    }

    /// Applies `change` to the marker with `uuid`, as the user with id `userID`.
    ///
    /// - Throws: ``CatalogError/markerNotFound(_:)``, ``CatalogError/invalid(_:)``.
    public func updateMarker(
        uuid: String, in measurementUUID: String? = nil, _ change: MarkerUpdate, by userID: String, scope: CatalogScope, now: Date = Date()
    ) async throws -> MeasurementMarker {
        try EdgeStore.validate(text: change.name ?? "", field: "name")
        try EdgeStore.validate(text: change.description ?? "", field: "description")
        try change.span?.validate()
        return try await database.withTransaction { sql in
            var marker = try await Self.visibleMarker(uuid, in: measurementUUID, scope: scope, in: sql)
            if let name = change.name { marker.name = name }
            if let description = change.description { marker.description = description }
            if let span = change.span { marker.span = span }
            if let tag = change.tag { marker.tag = tag }
            try await sql.update("telemetry_measurement_markers")
                .set("name", to: SQLBind(marker.name)).set("description", to: SQLBind(marker.description))
                .set("type", to: SQLBind(marker.span.typeName)).set("start_elapsed_time", to: SQLBind(marker.span.start))
                .set("end_elapsed_time", to: SQLBind(marker.span.end)).set("tag", to: SQLBind(try Self.encode(marker.tag)))
                .set("updated_at", to: SQLBind(now)).set("updated_by", to: SQLBind(userID))
                .where("uuid", .equal, marker.uuid).run()
            return try await Self.visibleMarker(marker.uuid, in: nil, scope: .everything, in: sql)
        }
    }

    /// Deletes the marker with `uuid`.
    ///
    /// - Throws: ``CatalogError/markerNotFound(_:)``.
    public func deleteMarker(uuid: String, in measurementUUID: String? = nil, scope: CatalogScope) async throws {
        try await database.withTransaction { sql in
            let marker = try await Self.visibleMarker(uuid, in: measurementUUID, scope: scope, in: sql)
            try await sql.delete(from: "telemetry_measurement_markers").where("uuid", .equal, marker.uuid).run()
        }
    }

    // MARK: Rows

    private static func visibleMarker(
        _ uuid: String, in measurementUUID: String?, scope: CatalogScope, in sql: any SQLDatabase
    ) async throws -> MeasurementMarker {
        guard
            let row = try await sql.select().columns(MeasurementMarkerRow.columns).from("telemetry_measurement_markers")
                .where("uuid", .equal, uuid.lowercased()).first(decoding: MeasurementMarkerRow.self)
        else { throw CatalogError.markerNotFound(uuid) }
        let marker = try row.marker()
        if let measurementUUID, measurementUUID.lowercased() != marker.measurementUUID { throw CatalogError.markerNotFound(uuid) }
        do {
            _ = try await visible(marker.measurementUUID, scope: scope, in: sql)
        } catch CatalogError.measurementNotFound {
            throw CatalogError.markerNotFound(uuid)
        }
        return marker
    }

    private static func encode(_ tag: [String: String]) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return String(decoding: try encoder.encode(tag), as: UTF8.self)
    }
}
