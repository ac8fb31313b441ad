/// Any JSON value, kept as sent: the free-form `meta_data` of a QED report, the properties of a
/// repository document.
public indirect enum JSONValue: Codable, Sendable, Equatable {
    case null
    case bool(Bool)
    case integer(Int)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    /// Tries the kinds in turn. Strings, the most common values, come first: every kind tried
    /// in vain costs a thrown `DecodingError`, and JSON's decoder reads a string as nothing
    /// but a string, nor anything else as a string, so the order changes no result.
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

    /// The items, if this is an array; otherwise none.
    public var arrayValue: [JSONValue] {
        if case .array(let value) = self { return value }
        return []
    }

    /// The members, if this is an object.
    public var objectValue: [String: JSONValue]? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The number, if this is a whole number.
    public var integerValue: Int? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The string, if this is one.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The boolean, if this is one; also the strings `"true"` and `"false"`, as form fields send them.
    public var boolValue: Bool? {
        switch self {
        case .bool(let value): return value
        case .string("true"): return true
        case .string("false"): return false
        default: return nil
        }
    }
}

extension JSONValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByNilLiteral {
    /// A JSON string from a string literal.
    public init(stringLiteral value: String) { self = .string(value) }
    /// A JSON boolean from `true` or `false`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// A JSON number from an integer literal.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// JSON `null` from `nil`.
    public init(nilLiteral: ()) { self = .null }
}
