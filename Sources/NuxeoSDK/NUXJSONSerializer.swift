import Foundation

/// Turns JSON into entities and entities into JSON.
///
/// ```swift
/// let entity = try NUXJSONSerializer.entity(with: data)          // a NUXDocument, a NUXDocuments…
/// let document = try NUXJSONSerializer.entity(NUXDocument.self, with: data)
/// let body = try NUXJSONSerializer.data(with: document)
/// ```
public enum NUXJSONSerializer {
    /// The entity the JSON object `data` stands for, of the type `mapper` registered for its
    /// `entity-type` (`+entityWithData:error:`).
    ///
    /// - Throws: ``NUXError/notAnEntity`` if `data` is not a JSON object with an
    ///   `entity-type`, ``NUXError/unknownEntityType(_:)`` if no type is registered for it, or
    ///   the `DecodingError` of JSON that the type cannot read.
    public static func entity(with data: Data, mapper: NUXJSONMapper = .shared) throws -> any NUXEntity {
        let entityType = try entityType(of: data)
        guard let type = mapper.entityClass(forType: entityType) else { throw NUXError.unknownEntityType(entityType) }
        return try decode(type, from: data)
    }

    /// The entity of type `type` that the JSON object `data` stands for.
    ///
    /// - Throws: ``NUXError/notAnEntity`` if `data` is not a JSON object with an
    ///   `entity-type`, ``NUXError/unexpectedEntityType(expected:found:)`` if its
    ///   `entity-type` is another one, or the `DecodingError` of JSON that `type` cannot read.
    public static func entity<Entity: NUXEntity>(_ type: Entity.Type, with data: Data) throws -> Entity {
        let entityType = try entityType(of: data)
        guard entityType == Entity.entityType else {
            throw NUXError.unexpectedEntityType(expected: Entity.entityType, found: entityType)
        }
        return try JSONDecoder().decode(Entity.self, from: data)
    }

    /// The JSON of `entity`, with its `entity-type` and its keys sorted
    /// (`+dataWithEntity:error:`).
    public static func data(with entity: any NUXEntity) throws -> Data {
        try JSONEncoder.nuxeo.encode(entity)
    }

    /// The `entity-type` of the JSON object `data`.
    private static func entityType(of data: Data) throws -> String {
        guard let probe = try? JSONDecoder().decode(EntityTypeProbe.self, from: data), let entityType = probe.entityType else {
            throw NUXError.notAnEntity
        }
        return entityType
    }

    private static func decode<Entity: NUXEntity>(_ type: Entity.Type, from data: Data) throws -> any NUXEntity {
        try JSONDecoder().decode(Entity.self, from: data)
    }

    /// The one field every entity has.
    private struct EntityTypeProbe: Decodable {
        let entityType: String?

        enum CodingKeys: String, CodingKey {
            case entityType = "entity-type"
        }
    }
}
