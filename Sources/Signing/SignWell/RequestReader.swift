import Foundation
import HTTPSupport
import HTTPTypes
import JSON

/// Reads the members of a JSON request object by type, collecting every problem under its
/// path (`recipients[0].email`) instead of stopping at the first, so that a client learns all
/// of them from one `422 {"errors": …}`.
final class RequestReader {
    /// The problems found so far, by path.
    private(set) var errors: [String: [String]] = [:]

    /// Records a problem with the member at `path`.
    func fail(_ path: String, _ message: String) {
        errors[path, default: []].append(message)
    }

    /// Throws the collected problems as a 422, if there are any.
    func throwIfFailed(_ message: String = "The request is invalid.") throws {
        if !errors.isEmpty { throw APIError(.unprocessableContent, message, fieldErrors: errors) }
    }

    /// A string member; a required one that is missing or empty is a problem.
    func string(_ object: [String: JSONValue], _ key: String, at path: String, required: Bool = false, maxLength: Int = 10_000) -> String? {
        switch object[key] {
        case .string(let text)?:
            if required && text.trimmingCharacters(in: .whitespaces).isEmpty {
                fail(path, "can't be blank")
                return nil
            }
            if text.count > maxLength {
                fail(path, "is too long (at most \(maxLength) characters)")
                return nil
            }
            return text
        case .integer(let number)?:
            return String(number)
        case nil, .null?:
            if required { fail(path, "is required") }
            return nil
        default:
            fail(path, "must be a string")
            return nil
        }
    }

    /// A boolean member, or `defaultValue` when absent.
    func bool(_ object: [String: JSONValue], _ key: String, at path: String, default defaultValue: Bool) -> Bool {
        switch object[key] {
        case .bool(let value)?: return value
        case nil, .null?: return defaultValue
        case .string("true")?: return true
        case .string("false")?: return false
        default:
            fail(path, "must be true or false")
            return defaultValue
        }
    }

    /// An integer member within `range`.
    func integer(_ object: [String: JSONValue], _ key: String, at path: String, in range: ClosedRange<Int>, required: Bool = false) -> Int? {
        var value: Int?
        switch object[key] {
        case .integer(let number)?: value = number
        case .number(let number)? where number.rounded() == number && abs(number) < 1e15: value = Int(number)
        case .string(let text)?: value = Int(text)
        case nil, .null?:
            if required { fail(path, "is required") }
            return nil
        default: break
        }
        guard let value else {
            fail(path, "must be an integer")
            return nil
        }
        guard range.contains(value) else {
            fail(path, "must be between \(range.lowerBound) and \(range.upperBound)")
            return nil
        }
        return value
    }

    /// A finite number member that is at least `minimum`.
    func number(_ object: [String: JSONValue], _ key: String, at path: String, minimum: Double = 0, required: Bool = false) -> Double? {
        var value: Double?
        switch object[key] {
        case .integer(let number)?: value = Double(number)
        case .number(let number)?: value = number
        case .string(let text)?: value = Double(text)
        case nil, .null?:
            if required { fail(path, "is required") }
            return nil
        default: break
        }
        guard let value, value.isFinite else {
            fail(path, "must be a number")
            return nil
        }
        guard value >= minimum else {
            fail(path, "must be at least \(Int(minimum))")
            return nil
        }
        return value
    }

    /// An array member (`[]` when absent).
    func array(_ object: [String: JSONValue], _ key: String, at path: String, required: Bool = false) -> [JSONValue] {
        switch object[key] {
        case .array(let items)?:
            if required && items.isEmpty { fail(path, "can't be blank") }
            return items
        case nil, .null?:
            if required { fail(path, "is required") }
            return []
        default:
            fail(path, "must be an array")
            return []
        }
    }

    /// The objects of an array member, each with its path; other elements are problems.
    func objects(
        _ object: [String: JSONValue], _ key: String, at path: String, required: Bool = false
    ) -> [(path: String, object: [String: JSONValue])] {
        array(object, key, at: path, required: required).enumerated().compactMap { index, item in
            guard case .object(let member) = item else {
                fail("\(path)[\(index)]", "must be an object")
                return nil
            }
            return ("\(path)[\(index)]", member)
        }
    }

    /// A member naming one case of `Value`.
    func enumeration<Value: RawRepresentable & CaseIterable>(
        _ object: [String: JSONValue], _ key: String, at path: String, as type: Value.Type, required: Bool = false
    ) -> Value? where Value.RawValue == String {
        guard let text = string(object, key, at: path, required: required) else { return nil }
        guard let value = Value(rawValue: text) else {
            fail(path, "must be one of: " + Value.allCases.map(\.rawValue).joined(separator: ", "))
            return nil
        }
        return value
    }
}
