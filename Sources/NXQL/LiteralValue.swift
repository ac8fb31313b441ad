/// A value ready for SQL: a string (dates and `NOW()` already written as ISO-8601 text) or a
/// number. Parameters must have been bound before.
enum LiteralValue: Sendable, Hashable {
    /// Text.
    case text(String)
    /// An integer.
    case integer(Int)
    /// A finite double.
    case double(Double)

    /// Whether the value is a number.
    var isNumeric: Bool {
        if case .text = self { return false }
        return true
    }

    /// The value as text: numbers in decimal.
    var text: String {
        switch self {
        case .text(let text): return text
        case .integer(let integer): return String(integer)
        case .double(let double): return String(double)
        }
    }

    /// The value as an SQL parameter of its own type.
    var parameter: SQLParameter {
        switch self {
        case .text(let text): return .text(text)
        case .integer(let integer): return .integer(integer)
        case .double(let double): return .double(double)
        }
    }
}
