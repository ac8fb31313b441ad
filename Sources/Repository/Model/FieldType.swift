/// The type of one field of a schema, which decides how its values are checked and stored.
public indirect enum FieldType: Sendable, Hashable {
    /// Text.
    case string
    /// A whole number (Nuxeo's `long` and `integer`).
    case integer
    /// A floating-point number.
    case double
    /// `true` or `false`.
    case boolean
    /// A point in time, stored as ISO 8601 UTC text with milliseconds.
    case date
    /// A file: name, MIME type, digest and length, its bytes in the blob store.
    case blob
    /// A list whose items all have one type.
    case list(FieldType)
    /// A structure with named fields.
    case complex([String: FieldType])
}
