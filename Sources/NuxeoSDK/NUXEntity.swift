/// A Nuxeo entity: a JSON object whose `entity-type` tells what it is, such as a `document`
/// or a list of `documents`.
///
/// Each conforming type decodes the JSON of one `entity-type` and encodes itself back with
/// that `entity-type`. Register a type with ``NUXJSONMapper/register(_:)`` so that
/// ``NUXJSONSerializer`` and ``NUXRequest/responseEntity()`` turn its JSON into it;
/// ``NUXDocument`` and ``NUXDocuments`` are registered from the start.
public protocol NUXEntity: Codable, Sendable {
    /// The `entity-type` this type stands for, such as `document`.
    static var entityType: String { get }
}

extension NUXEntity {
    /// The `entity-type` of this entity, such as `document`.
    public var entityType: String { Self.entityType }
}

/// An entity with a stable identifier, which ``NUXEntityCache`` can keep on disk.
public protocol NUXEntityPersistable: NUXEntity {
    /// The entity's identifier among the entities of its type; a document's `uid`.
    var entityId: String { get }
}
