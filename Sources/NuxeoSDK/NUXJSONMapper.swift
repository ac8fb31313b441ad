import Locking

/// Which Swift type stands for which `entity-type`, for ``NUXJSONSerializer``.
///
/// ``NUXDocument`` (`document`) and ``NUXDocuments`` (`documents`) are registered from the
/// start; register your own entity types once, before reading their JSON:
///
/// ```swift
/// NUXJSONMapper.shared.register(LoginInfo.self)   // LoginInfo.entityType == "login"
/// ```
public final class NUXJSONMapper: Sendable {
    /// The mapper the SDK uses unless told otherwise (`+sharedMapper` in the Objective-C SDK).
    public static let shared = NUXJSONMapper()

    private let mapping: LockedValue<[String: any NUXEntity.Type]>

    /// A mapper that knows ``NUXDocument`` and ``NUXDocuments``.
    public init() {
        mapping = LockedValue([NUXDocument.entityType: NUXDocument.self, NUXDocuments.entityType: NUXDocuments.self])
    }

    /// Registers `type` for its ``NUXEntity/entityType``, replacing the type registered for it
    /// before, if any (`-registerEntityClass:`).
    public func register(_ type: any NUXEntity.Type) {
        mapping.withLock { $0[type.entityType] = type }
    }

    /// Every registered type, by `entity-type`.
    public var entityMapping: [String: any NUXEntity.Type] {
        mapping.current
    }

    /// The type registered for `entityType`, if any.
    public func entityClass(forType entityType: String) -> (any NUXEntity.Type)? {
        mapping.withLock { $0[entityType] }
    }
}
