import Foundation
import SQLKit
import Storage

/// The captures (`telemetry_captures`): named spans of an edge's data.
///
/// A capture belongs to its edge, and who may see it follows ``CatalogScope``'s rule for
/// measurements: administrators see every capture, a person the captures of the edges they
/// own, an edge its own. What a scope cannot see does not exist for it: the reading and
/// changing methods answer `nil`.
///
/// ```swift
/// let captures = CaptureStore(database: database)
/// let capture = try await captures.create(edgeUUID: edge.uuid, name: "overtaking", start: nanoseconds, duration: 4_000_000, scope: scope)
/// let page = try await captures.list(CaptureQuery(), scope: scope)
/// ```
public struct CaptureStore: Sendable {
    /// The database of the catalog.
    public let database: Database

    /// A store over `database`, whose `telemetry` migrations must have run.
    public init(database: Database) {
        self.database = database
    }

    /// Creates a capture of the edge with `edgeUUID`, which must exist and which `scope` must see.
    ///
    /// - Parameters:
    ///   - start: Nanoseconds since 1970-01-01T00:00:00Z.
    ///   - duration: Microseconds; not negative.
    /// - Throws: ``CatalogError/edgeNotFound(_:)``, ``CatalogError/invalid(_:)``.
    @discardableResult
    public func create(
        edgeUUID: String, name: String = "", description: String = "", start: Int64, duration: Int64, isShared: Bool = false,
        scope: CatalogScope, now: Date = Date()
    ) async throws -> Capture {
        try Self.validate(name: name, description: description, duration: duration)
        let capture = Capture(
            uuid: UUID().uuidString.lowercased(), name: name, description: description, edgeUUID: edgeUUID.lowercased(),
            start: start, duration: duration, isShared: isShared, createdAt: now, updatedAt: now
        )
        return try await database.withTransaction { sql in
            let edge = try await sql.select().columns(EdgeRow.columns).from("telemetry_edges")
                .where("uuid", .equal, capture.edgeUUID).first(decoding: EdgeRow.self).map { try $0.edge() }
            guard let edge, EdgeStore.isVisible(edge, in: scope) else { throw CatalogError.edgeNotFound(edgeUUID) }
            try await sql.insert(into: "telemetry_captures").columns(CaptureRow.columns).values(
                SQLBind(capture.uuid), SQLBind(capture.name), SQLBind(capture.description), SQLBind(capture.edgeUUID),
                SQLBind(capture.start), SQLBind(capture.duration), SQLBind(capture.isShared),
                SQLBind(capture.createdAt), SQLBind(capture.updatedAt)
            ).run()
            // Read back, so that the answer equals any later read (timestamps keep the
            // database's precision).
            guard let stored = try await Self.visible(capture.uuid, scope: .everything, in: sql) else {
                throw CatalogError.invalid("capture \(capture.uuid) vanished while it was created")
            }
            return stored
        }
    }

    /// The captures `scope` may see that match `query`, one page of them.
    public func list(_ query: CaptureQuery, scope: CatalogScope) async throws -> CatalogPage<Capture> {
        var conditions = query.conditions
        if let condition = scope.measurementCondition { conditions.append(condition) }
        return try await database.withReadConnection { sql in
            try await CatalogPage.read(
                CaptureRow.self, from: "telemetry_captures", where: conditions, sort: query.sort.rawValue, order: query.order,
                page: query.page, in: sql, item: \.capture
            )
        }
    }

    /// The capture with `uuid`, or `nil` when there is none `scope` may see.
    public func capture(uuid: String, scope: CatalogScope) async throws -> Capture? {
        try await database.withReadConnection { sql in try await Self.visible(uuid, scope: scope, in: sql) }
    }

    /// Applies `change` to the capture with `uuid` and returns the result, or `nil` when there
    /// is no such capture `scope` may see.
    ///
    /// - Throws: ``CatalogError/invalid(_:)``.
    @discardableResult
    public func update(uuid: String, _ change: CaptureUpdate, scope: CatalogScope, now: Date = Date()) async throws -> Capture? {
        try Self.validate(name: change.name ?? "", description: change.description ?? "", duration: change.duration ?? 0)
        return try await database.withTransaction { sql in
            guard let capture = try await Self.visible(uuid, scope: scope, in: sql) else { return nil }
            let update = sql.update("telemetry_captures").set("updated_at", to: SQLBind(now)).where("uuid", .equal, capture.uuid)
            if let name = change.name { update.set("name", to: SQLBind(name)) }
            if let description = change.description { update.set("description", to: SQLBind(description)) }
            if let start = change.start { update.set("start", to: SQLBind(start)) }
            if let duration = change.duration { update.set("duration", to: SQLBind(duration)) }
            if let isShared = change.isShared { update.set("shared", to: SQLBind(isShared)) }
            try await update.run()
            return try await Self.visible(capture.uuid, scope: scope, in: sql)
        }
    }

    /// Deletes the capture with `uuid` and returns what it was, or `nil` when there is no such
    /// capture `scope` may see.
    @discardableResult
    public func delete(uuid: String, scope: CatalogScope) async throws -> Capture? {
        try await database.withTransaction { sql in
            guard let capture = try await Self.visible(uuid, scope: scope, in: sql) else { return nil }
            try await sql.delete(from: "telemetry_captures").where("uuid", .equal, capture.uuid).run()
            return capture
        }
    }

    // MARK: Rows

    /// Refuses texts the catalog does not store and negative lengths.
    private static func validate(name: String, description: String, duration: Int64) throws {
        try EdgeStore.validate(text: name, field: "name")
        try EdgeStore.validate(text: description, field: "description")
        guard duration >= 0 else { throw CatalogError.invalid("duration must not be negative, not \(duration)") }
    }

    /// The capture with `uuid` if `scope` may see it, read with `sql`.
    private static func visible(_ uuid: String, scope: CatalogScope, in sql: any SQLDatabase) async throws -> Capture? {
        // The visibility rule of measurements applies as is: it tests the row's `edge_uuid`.
        let select = sql.select().columns(CaptureRow.columns).from("telemetry_captures").where("uuid", .equal, uuid.lowercased())
        if let condition = scope.measurementCondition { select.where(condition) }
        return try await select.first(decoding: CaptureRow.self)?.capture
    }
}
