import Foundation
import JSON

/// Turns the value a client sent for a field into the stored form the field's type requires:
/// numbers from numeric strings, booleans from `"true"`, dates normalized to ISO 8601 UTC with
/// milliseconds, lists from comma-separated text.
///
/// Blob values go through `resolveBlob`, which checks them against the blob store (or an
/// upload batch) and returns their stored form.
enum PropertyCoercion {
    /// Checks a blob value and returns its stored form.
    typealias BlobResolver = @Sendable (JSONValue, _ key: String) async throws -> JSONValue

    /// The stored form of `value` for a field of `type`.
    ///
    /// - Throws: ``RepositoryError/invalid(_:)`` naming `key` when the value does not fit.
    static func coerce(_ value: JSONValue, to type: FieldType, key: String, resolveBlob: BlobResolver) async throws -> JSONValue {
        if case .null = value { return .null }
        switch (type, value) {
        case (.blob, _):
            return try await resolveBlob(value, key)
        case (.string, .string), (.boolean, .bool), (.integer, .integer), (.double, .number):
            return value
        case (.string, .integer(let number)): return .string(String(number))
        case (.string, .number(let number)): return .string(String(number))
        case (.string, .bool(let flag)): return .string(flag ? "true" : "false")
        case (.integer, .string(let text)):
            if text.isEmpty { return .null }
            guard let number = Int(text.trimmingCharacters(in: .whitespaces)) else { throw mismatch(key, "a whole number") }
            return .integer(number)
        case (.integer, .number(let number)):
            guard number.rounded() == number, let whole = Int(exactly: number) else { throw mismatch(key, "a whole number") }
            return .integer(whole)
        case (.double, .integer(let number)): return .number(Double(number))
        case (.double, .string(let text)):
            if text.isEmpty { return .null }
            guard let number = Double(text) else { throw mismatch(key, "a number") }
            return .number(number)
        case (.boolean, .string(let text)):
            switch text.lowercased() {
            case "true", "1": return .bool(true)
            case "false", "0", "": return .bool(false)
            default: throw mismatch(key, "true or false")
            }
        case (.boolean, .integer(let number)): return .bool(number != 0)
        case (.date, .string(let text)):
            if text.isEmpty { return .null }
            guard let date = NuxeoDate.parse(text) else { throw mismatch(key, "a date in ISO 8601 form") }
            return .string(NuxeoDate.format(date))
        case (.date, .integer(let milliseconds)):
            return .string(NuxeoDate.format(Date(timeIntervalSince1970: Double(milliseconds) / 1000)))
        case (.list(let item), .array(let values)):
            var items: [JSONValue] = []
            for value in values {
                let item = try await coerce(value, to: item, key: key, resolveBlob: resolveBlob)
                if item != .null { items.append(item) }
            }
            return .array(items)
        case (.list(let item), .string(let text)):
            // Automation's `k=v` properties give lists as comma-separated text.
            let parts = text.split(separator: ",", omittingEmptySubsequences: true).map { String($0).trimmingCharacters(in: .whitespaces) }
            var items: [JSONValue] = []
            for part in parts { items.append(try await coerce(.string(part), to: item, key: key, resolveBlob: resolveBlob)) }
            return .array(items)
        case (.complex(let fields), .object(let values)):
            var result: [String: JSONValue] = [:]
            for (name, fieldValue) in values {
                guard let fieldType = fields[name] else { throw RepositoryError.invalid("unknown field '\(name)' in \(key)") }
                result[name] = try await coerce(fieldValue, to: fieldType, key: "\(key)/\(name)", resolveBlob: resolveBlob)
            }
            return .object(result)
        default:
            throw mismatch(key, describe(type))
        }
    }

    private static func mismatch(_ key: String, _ expected: String) -> RepositoryError {
        .invalid("property '\(key)' must be \(expected)")
    }

    private static func describe(_ type: FieldType) -> String {
        switch type {
        case .string: return "text"
        case .integer: return "a whole number"
        case .double: return "a number"
        case .boolean: return "true or false"
        case .date: return "a date"
        case .blob: return "a blob"
        case .list: return "a list"
        case .complex: return "an object"
        }
    }
}
