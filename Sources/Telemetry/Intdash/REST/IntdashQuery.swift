import HTTPSupport
import HTTPTypes
import Hummingbird

/// The query parameters of an intdash request, read with clear 400 errors for values of the
/// wrong kind.
struct IntdashQuery {
    /// The request whose query is read.
    let request: Request

    /// Reads the query of `request`.
    init(_ request: Request) {
        self.request = request
    }

    /// The parameter's text, or `nil` when it is absent or empty.
    func string(_ name: String) -> String? {
        guard let value = request.uri.queryParameters.get(name), !value.isEmpty else { return nil }
        return value
    }

    /// A whole number within `range`.
    func integer(_ name: String, in range: ClosedRange<Int64> = Int64.min...Int64.max) throws -> Int64? {
        guard let text = string(name) else { return nil }
        guard let value = Int64(text), range.contains(value) else {
            throw APIError(.badRequest, "\(name) must be a whole number from \(range.lowerBound) to \(range.upperBound), not '\(text)'")
        }
        return value
    }

    /// A flag: `true`/`false` in any case (Python's requests sends `True`), or `1`/`0`.
    func bool(_ name: String) throws -> Bool? {
        guard let text = string(name) else { return nil }
        switch text.lowercased() {
        case "true", "1": return true
        case "false", "0": return false
        default: throw APIError(.badRequest, "\(name) must be true or false, not '\(text)'")
        }
    }

    /// One of the raw values of `Value`.
    func value<Value: RawRepresentable>(_ name: String, as type: Value.Type) throws -> Value? where Value.RawValue == String {
        guard let text = string(name) else { return nil }
        guard let value = Value(rawValue: text) else { throw APIError(.badRequest, "\(name) '\(text)' is not accepted") }
        return value
    }

    /// `order`: `asc` or `desc`.
    func order(default fallback: SortOrder) throws -> SortOrder {
        try value("order", as: SortOrder.self) ?? fallback
    }
}
