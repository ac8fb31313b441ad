import Foundation
import SQLiteNIO

/// Entities kept on the device, to show them without a network: each entity as a JSON file,
/// and named, ordered lists of entities (such as the children of a folder) in SQLite.
///
/// Entities are files `org.nuxeo.cache.entity/{entityType}/{entityId}` in the cache's
/// ``directory``; lists are rows of `org.nuxeo.cache.entity.sqlite` there that name them.
///
/// ```swift
/// let cache = NUXEntityCache.instance
/// try cache.saveEntity(document)
/// let offline = cache.entity(withId: uid, ofType: NUXDocument.self)
/// try await cache.saveEntities(children.entries, withListName: "children-of-\(uid)")
/// ```
public final class NUXEntityCache: Sendable {
    /// The cache in the user's Application Support directory (on Linux
    /// `~/.local/share`), in `NuxeoSDK` (`+instance` in the Objective-C SDK).
    public static let instance = NUXEntityCache(
        directory: FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask)[0].appendingPathComponent(
            "NuxeoSDK", isDirectory: true)
    )

    /// The directory that holds the cache.
    public let directory: URL
    private let mapper: NUXJSONMapper
    private let database: SQLiteDatabase

    /// A cache in `directory`, created when first written to.
    ///
    /// - Parameters:
    ///   - directory: The directory that holds the cache; the caches of one app share it, each
    ///     in its own files.
    ///   - mapper: What tells the types of the entities of lists.
    public init(directory: URL, mapper: NUXJSONMapper = .shared) {
        self.directory = directory
        self.mapper = mapper
        database = SQLiteDatabase(
            file: directory.appendingPathComponent("org.nuxeo.cache.entity.sqlite"),
            schema: [
                """
                CREATE TABLE IF NOT EXISTS entity_lists (
                    list_name TEXT NOT NULL, position INTEGER NOT NULL, entity_type TEXT NOT NULL, entity_id TEXT NOT NULL,
                    PRIMARY KEY (list_name, position))
                """
            ]
        )
    }

    // MARK: Entities

    /// The kept entity of type `type` whose identifier is `entityId`, if any.
    public func entity<Entity: NUXEntityPersistable>(withId entityId: String, ofType type: Entity.Type) -> Entity? {
        guard let file = entityFile(entityType: Entity.entityType, entityId: entityId), let data = try? Data(contentsOf: file) else { return nil }
        return try? JSONDecoder().decode(Entity.self, from: data)
    }

    /// Keeps `entity`, replacing the one of the same type and identifier, if any.
    ///
    /// - Throws: ``NUXError/missingEntityId`` if the entity has no identifier, or the error
    ///   writing its file.
    public func saveEntity(_ entity: any NUXEntityPersistable) throws {
        guard let file = entityFile(entityType: entity.entityType, entityId: entity.entityId) else { throw NUXError.missingEntityId }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try NUXJSONSerializer.data(with: entity).write(to: file, options: .atomic)
    }

    /// Forgets the entity of type `type` whose identifier is `entityId`.
    ///
    /// - Returns: Whether there was one.
    @discardableResult
    public func removeEntity<Entity: NUXEntityPersistable>(withId entityId: String, ofType type: Entity.Type) -> Bool {
        guard let file = entityFile(entityType: Entity.entityType, entityId: entityId) else { return false }
        return (try? FileManager.default.removeItem(at: file)) != nil
    }

    /// Forgets `entity`, found by its type and identifier.
    ///
    /// - Returns: Whether it was kept.
    @discardableResult
    public func removeEntity(_ entity: any NUXEntityPersistable) -> Bool {
        guard let file = entityFile(entityType: entity.entityType, entityId: entity.entityId) else { return false }
        return (try? FileManager.default.removeItem(at: file)) != nil
    }

    /// Whether an entity of type `type` whose identifier is `entityId` is kept.
    public func hasEntity<Entity: NUXEntityPersistable>(withId entityId: String, ofType type: Entity.Type) -> Bool {
        guard let file = entityFile(entityType: Entity.entityType, entityId: entityId) else { return false }
        return FileManager.default.fileExists(atPath: file.path)
    }

    // MARK: Lists

    /// Keeps `entities`, and their order as the list `listName`, replacing the list of that
    /// name, if any.
    ///
    /// - Throws: ``NUXError/missingEntityId`` if an entity has no identifier, or the error
    ///   writing the entities or the list.
    public func saveEntities(_ entities: [any NUXEntityPersistable], withListName listName: String) async throws {
        for entity in entities {
            try saveEntity(entity)
        }
        try await database.transaction { connection in
            _ = try await connection.query("DELETE FROM entity_lists WHERE list_name = ?", [.text(listName)])
            for (position, entity) in entities.enumerated() {
                _ = try await connection.query(
                    "INSERT INTO entity_lists (list_name, position, entity_type, entity_id) VALUES (?, ?, ?, ?)",
                    [.text(listName), .integer(.init(position)), .text(entity.entityType), .text(entity.entityId)]
                )
            }
        }
    }

    /// The entities of the list `listName`, in order; empty if there is no such list.
    ///
    /// An entity whose file is gone, or whose type the mapper does not know, is left out.
    public func entities(fromList listName: String) async throws -> [any NUXEntity] {
        let rows = try await database.withConnection { connection in
            try await connection.query(
                "SELECT entity_type, entity_id FROM entity_lists WHERE list_name = ? ORDER BY position", [.text(listName)]
            )
        }
        return rows.compactMap { row in
            guard let entityType = row.column("entity_type")?.string, let entityId = row.column("entity_id")?.string,
                let file = entityFile(entityType: entityType, entityId: entityId), let data = try? Data(contentsOf: file)
            else { return nil }
            return try? NUXJSONSerializer.entity(with: data, mapper: mapper)
        }
    }

    /// Forgets the list `listName`; its entities stay.
    public func removeEntitiesList(_ listName: String) async throws {
        try await database.withConnection { connection in
            _ = try await connection.query("DELETE FROM entity_lists WHERE list_name = ?", [.text(listName)])
        }
    }

    /// Whether a list named `listName` is kept.
    public func hasEntityList(_ listName: String) async throws -> Bool {
        let rows = try await database.withConnection { connection in
            try await connection.query("SELECT 1 FROM entity_lists WHERE list_name = ? LIMIT 1", [.text(listName)])
        }
        return !rows.isEmpty
    }

    /// The file of an entity; `nil` for an identifier that names no file.
    private func entityFile(entityType: String, entityId: String) -> URL? {
        guard let type = FileName.component(entityType), let id = FileName.component(entityId) else { return nil }
        return directory.appendingPathComponent("org.nuxeo.cache.entity", isDirectory: true)
            .appendingPathComponent(type, isDirectory: true)
            .appendingPathComponent(id)
    }
}
