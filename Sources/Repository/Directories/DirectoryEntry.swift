import JSON

/// One entry of a directory, such as `article` in `nature`: its properties by field name (without
/// a schema prefix), its id among them.
public struct DirectoryEntry: Sendable, Equatable {
    /// The directory's name.
    public let directory: String
    /// The entry's id: the value of its directory's id field.
    public let id: String
    /// Every field of the directory's schema, `null` when unset.
    public var properties: [String: JSONValue]
}
