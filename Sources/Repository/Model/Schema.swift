/// A named set of fields that document types and facets carry, such as `dublincore`.
///
/// In JSON a field appears as `prefix:name` (`dc:title`), or `schema:name` for schemas
/// without a prefix (`file:content`).
public struct Schema: Sendable, Hashable {
    /// The schema's name, such as `dublincore`.
    public let name: String
    /// The prefix of its fields in JSON and NXQL (`dc`); the name when the schema has none.
    public let prefix: String
    /// Each field's type, by field name (without prefix).
    public let fields: [String: FieldType]

    /// Creates a schema.
    public init(name: String, prefix: String? = nil, fields: [String: FieldType]) {
        self.name = name
        self.prefix = prefix ?? name
        self.fields = fields
    }

    /// The JSON key of `field`: `prefix:field`.
    public func key(of field: String) -> String { "\(prefix):\(field)" }

    /// Every JSON key of this schema, sorted.
    public var keys: [String] { fields.keys.sorted().map(key(of:)) }
}
