/// The value of a field: text, a tick, or a number, as the API sends JSON strings, booleans
/// and numbers.
public enum FieldValue: Codable, Hashable, Sendable {
    /// Text, such as a name or a date as shown.
    case text(String)
    /// Whether a checkbox is ticked.
    case bool(Bool)
    /// A number.
    case number(Double)

    /// Decodes a JSON string, boolean or number.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let text = try? container.decode(String.self) {
            self = .text(text)
        } else if let bool = try? container.decode(Bool.self) {
            self = .bool(bool)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else {
            throw DecodingError.typeMismatch(
                FieldValue.self,
                .init(codingPath: decoder.codingPath, debugDescription: "a field value is a string, a boolean or a number")
            )
        }
    }

    /// Encodes the value as a JSON string, boolean or number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .text(let text): try container.encode(text)
        case .bool(let bool): try container.encode(bool)
        case .number(let number): try container.encode(number)
        }
    }
}
