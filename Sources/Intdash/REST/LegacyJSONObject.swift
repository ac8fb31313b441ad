import Foundation

/// A JSON object of the legacy intdash API, read leniently: a missing or null string is
/// empty, a missing flag is false, a missing number is zero, as the 1.x SDK's models have
/// non-optional fields for what the server may leave out.
struct LegacyJSONObject {
    /// The members.
    let members: [String: Any]

    /// The object `data` holds.
    init(data: Data) throws {
        guard let members = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw RESTError(kind: .failedToParseJSON, message: "the answer is not a JSON object")
        }
        self.members = members
    }

    /// Wraps `members`.
    init(members: [String: Any]) {
        self.members = members
    }

    /// A string member, or `""`.
    func string(_ key: String) -> String {
        members[key] as? String ?? ""
    }

    /// A string member, or `nil` when missing or null.
    func optionalString(_ key: String) -> String? {
        members[key] as? String
    }

    /// A boolean member, or `false`.
    func bool(_ key: String) -> Bool {
        members[key] as? Bool ?? false
    }

    /// An integer member, or 0.
    func int(_ key: String) -> Int {
        IntdashJSONField.integer(members[key], as: Int.self) ?? 0
    }

    /// A number member, or 0.
    func double(_ key: String) -> Double {
        IntdashJSONField.double(members[key]) ?? 0
    }

    /// An RFC 3339 time member, or `nil`.
    func date(_ key: String) -> Date? {
        optionalString(key).flatMap(Date.init(fromRFC3339:))
    }

    /// An object member.
    func object(_ key: String) -> LegacyJSONObject? {
        (members[key] as? [String: Any]).map(LegacyJSONObject.init(members:))
    }

    /// The objects of an array member; a missing member is empty.
    func objects(_ key: String) -> [LegacyJSONObject] {
        (members[key] as? [Any] ?? []).compactMap { ($0 as? [String: Any]).map(LegacyJSONObject.init(members:)) }
    }
}
