/// Any JSON value, kept as it was sent: the free-form `meta_data` of a QED report, the
/// properties of a repository document, the context parameters of a Nuxeo operation.
///
/// Build values with literals (`"text"`, `42`, `1.5`, `true`, `nil`, `["a", "b"]`,
/// `["dc:title": "Report"]`) and read them with the accessors (``stringValue``,
/// ``integerValue``, ``arrayValue``, ``objectValue``, the subscripts).
///
/// Whole numbers stay ``integer(_:)`` and others ``number(_:)``, so that a value read is
/// written back as it came.
public indirect enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fractional part that fits in `Int`.
    case integer(Int)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object.
    case object([String: JSONValue])
}

extension JSONValue: Codable {
    /// Decodes any JSON value. The kinds are tried in turn, strings (the most common values)
    /// first: every kind tried in vain costs a thrown `DecodingError`, and a JSON decoder reads
    /// a string as nothing but a string, nor anything else as a string, so the order changes no
    /// result.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// Encodes the value as the JSON it stands for.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }
}
