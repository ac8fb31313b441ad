import Foundation

/// A JSON value, as Nuxeo entities carry them: document properties, context parameters,
/// automation context values.
///
/// Build values with literals (`"text"`, `42`, `true`, `nil`, `["a", "b"]`,
/// `["dc:title": "Report"]`) and read them with accessors such as ``stringValue``, the
/// subscripts and ``value(atPath:)``.
///
/// Whole numbers stay ``integer(_:)`` and others ``number(_:)``, so that a value read from the
/// server is written back as it came.
public enum NUXJSONValue: Sendable, Hashable {
    /// `null`: a property that is not set.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number without a fractional part.
    case integer(Int)
    /// A number with a fractional part, or too large for ``integer(_:)``.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([NUXJSONValue])
    /// An object.
    case object([String: NUXJSONValue])
}

extension NUXJSONValue: Codable {
    /// Decodes any JSON value.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([NUXJSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: NUXJSONValue].self))
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

extension NUXJSONValue {
    /// Decodes the JSON document `data`.
    ///
    /// - Throws: `DecodingError` if `data` is not JSON.
    public init(jsonData data: Data) throws {
        self = try JSONDecoder().decode(NUXJSONValue.self, from: data)
    }

    /// The value as a JSON document, its object keys sorted.
    public func jsonData() throws -> Data {
        try JSONEncoder.nuxeo.encode(self)
    }
}

extension JSONEncoder {
    /// The encoder the SDK writes JSON with: keys sorted, so that the same entity always gives
    /// the same bytes, and slashes (frequent in paths) unescaped.
    static var nuxeo: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
