import Foundation
import HTTPSupport
import HTTPTypes
import Hummingbird
import JSON

/// A JSON object request body of the intdash API, read member by member with clear 400
/// errors.
struct IntdashBody {
    /// The largest body accepted.
    static let maximumSize = 256 << 10

    /// The object's members.
    let members: [String: JSONValue]

    /// Reads and decodes the body of `request`; an empty body is an empty object.
    ///
    /// - Throws: ``HTTPSupport/APIError`` 400 unless the body is a JSON object.
    static func read(_ request: Request) async throws -> IntdashBody {
        let members = try await request.jsonObjectBody(upTo: maximumSize, invalid: "the body must be a JSON object")
        return IntdashBody(members: members ?? [:])
    }

    /// The member's text; `nil` when it is absent or null.
    func string(_ key: String) throws -> String? {
        switch members[key] {
        case nil, .null?: return nil
        case .string(let value)?: return value
        default: throw APIError(.badRequest, "\(key) must be a string")
        }
    }

    /// The member's flag; `nil` when it is absent or null.
    func bool(_ key: String) throws -> Bool? {
        switch members[key] {
        case nil, .null?: return nil
        case .bool(let value)?: return value
        default: throw APIError(.badRequest, "\(key) must be true or false")
        }
    }

    /// The member's whole number; `nil` when it is absent or null.
    func integer(_ key: String) throws -> Int64? {
        switch members[key] {
        case nil, .null?: return nil
        case .integer(let value)?: return Int64(value)
        case .number(let value)? where value.rounded() == value && abs(value) < 9.2e18: return Int64(value)
        default: throw APIError(.badRequest, "\(key) must be a whole number")
        }
    }

    /// The member's number, whole or not; `nil` when it is absent or null.
    func number(_ key: String) throws -> Double? {
        switch members[key] {
        case nil, .null?: return nil
        case .integer(let value)?: return Double(value)
        case .number(let value)?: return value
        default: throw APIError(.badRequest, "\(key) must be a number")
        }
    }

    /// The member as a list of texts; `nil` when it is absent or null.
    func strings(_ key: String) throws -> [String]? {
        switch members[key] {
        case nil, .null?: return nil
        case .array(let items)?:
            return try items.map { item in
                guard case .string(let text) = item else { throw APIError(.badRequest, "\(key) must be a list of strings") }
                return text
            }
        default: throw APIError(.badRequest, "\(key) must be a list of strings")
        }
    }

    /// The member as one of the raw values of `Value`; `nil` when it is absent or null.
    func value<Value: RawRepresentable>(_ key: String, as type: Value.Type) throws -> Value? where Value.RawValue == String {
        guard let text = try string(key) else { return nil }
        guard let value = Value(rawValue: text) else { throw APIError(.badRequest, "\(key) '\(text)' is not accepted") }
        return value
    }

    /// The member as an RFC 3339 time, in nanoseconds since 1970-01-01T00:00:00Z.
    func time(_ key: String) throws -> Int64? {
        guard let text = try string(key) else { return nil }
        guard let nanoseconds = IntdashTimestamp.nanoseconds(parsing: text) else {
            throw APIError(.badRequest, "\(key) must be an RFC 3339 time such as 2020-01-01T00:00:00.000000000Z, not '\(text)'")
        }
        return nanoseconds
    }

    /// The member as an object of string values (a marker's `tag`); `nil` when absent or null.
    func stringDictionary(_ key: String) throws -> [String: String]? {
        switch members[key] {
        case nil, .null?: return nil
        case .object(let object)?:
            var result: [String: String] = [:]
            for (name, value) in object {
                guard case .string(let text) = value else { throw APIError(.badRequest, "\(key).\(name) must be a string") }
                result[name] = text
            }
            return result
        default: throw APIError(.badRequest, "\(key) must be an object of strings")
        }
    }

    /// The member as a nested body; `nil` when absent or null.
    func object(_ key: String) throws -> IntdashBody? {
        switch members[key] {
        case nil, .null?: return nil
        case .object(let object)?: return IntdashBody(members: object)
        default: throw APIError(.badRequest, "\(key) must be an object")
        }
    }
}
