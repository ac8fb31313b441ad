import Foundation
import JSON

/// A text tag's content read into the members of a SignWell field, the way a request gives
/// one. The grammar (Chancery's; see `docs/signing-text-tags.md`):
///
///     {{type:recipient[:option]...}}
///
/// - `type` is a field type (`signature`, `initials`, `date`, `text`, `checkbox`, `select`,
///   `dropdown`, `autofill_…`) or a short name: `s`, `i`, `d`, `t`, `c`.
/// - `recipient` is a recipient's id, or a placeholder's id or name in a template; failing
///   those, a number counts the recipients from 1.
/// - An option is `y` or `required`, `n` or `optional`, `key=value` for one of the field's
///   members (``keys``; `options` takes names separated by `|`), or else the field's label.
///   A value in double quotes may hold colons.
///
/// Content whose first part is not a field type is not a tag, so other uses of double
/// braces in a document are left alone.
struct TextTag: Sendable {
    /// The members a `key=value` option may set, with the kind of value each takes.
    static let keys: [String: ValueKind] = [
        "label": .text, "api_id": .text, "name": .text, "value": .text, "formula": .text, "default_option": .text,
        "date_format": .text, "validation": .text,
        "width": .number, "height": .number,
        "lock_sign_date": .flag, "fixed_width": .flag, "allow_other": .flag,
        "options": .list,
    ]

    /// How an option's value is read.
    enum ValueKind: Sendable {
        case text, number, flag, list
    }

    /// The short names of field types.
    static let shortTypes: [String: FieldType] = ["s": .signature, "i": .initials, "d": .date, "t": .text, "c": .checkbox]

    /// The field's type.
    let type: FieldType
    /// The recipient part, as written.
    let recipient: String
    /// The field members the options give (`required`, `label`, `width`, …).
    let members: [String: JSONValue]

    /// The tag `content` (what is between the braces) says, `nil` when it is not a tag.
    ///
    /// - Throws: ``Problem`` for a tag whose type is known but whose rest is not understood.
    init?(_ content: String) throws(Problem) {
        let parts = Self.split(content)
        let typeName = parts[0].lowercased()
        guard let type = Self.shortTypes[typeName] ?? FieldType(rawValue: typeName) else { return nil }
        self.type = type
        guard parts.count >= 2, !parts[1].isEmpty else { throw Problem("names no recipient") }
        recipient = parts[1]
        var members: [String: JSONValue] = [:]
        for option in parts.dropFirst(2) where !option.isEmpty {
            switch option.lowercased() {
            case "y", "required": members["required"] = .bool(true)
            case "n", "optional": members["required"] = .bool(false)
            default:
                guard let equals = option.firstIndex(of: "=") else {
                    guard members["label"] == nil else { throw Problem("has more than one label: \(option)") }
                    members["label"] = .string(Self.unquoted(option))
                    continue
                }
                let key = option[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
                let value = Self.unquoted(option[option.index(after: equals)...].trimmingCharacters(in: .whitespaces))
                guard let kind = Self.keys[key] else {
                    throw Problem("has an unknown option \(key); known are " + Self.keys.keys.sorted().joined(separator: ", "))
                }
                members[key] = try Self.value(value, of: kind, for: key)
            }
        }
        self.members = members
    }

    /// What is wrong with a tag.
    struct Problem: Error, CustomStringConvertible {
        /// The explanation.
        let description: String

        init(_ description: String) {
            self.description = description
        }
    }

    /// `content` split at the colons that are not inside double quotes, each part trimmed.
    private static func split(_ content: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var quoted = false
        for character in content {
            if character == "\"" || character == "\u{201C}" || character == "\u{201D}" { quoted.toggle() }
            if character == ":" && !quoted {
                parts.append(current.trimmingCharacters(in: .whitespaces))
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current.trimmingCharacters(in: .whitespaces))
        return parts
    }

    /// `text` without the double quotes around it, straight or curly.
    private static func unquoted(_ text: String) -> String {
        let quotes: Set<Character> = ["\"", "\u{201C}", "\u{201D}"]
        guard text.count >= 2, let first = text.first, let last = text.last, quotes.contains(first), quotes.contains(last) else { return text }
        return String(text.dropFirst().dropLast())
    }

    /// The option `key`'s value `text` as the JSON member the field reader expects.
    private static func value(_ text: String, of kind: ValueKind, for key: String) throws(Problem) -> JSONValue {
        switch kind {
        case .text:
            return .string(text)
        case .number:
            guard let number = Double(text), number.isFinite else { throw Problem("gives \(key) as \(text), which is not a number") }
            return .number(number)
        case .flag:
            switch text.lowercased() {
            case "y", "yes", "true": return .bool(true)
            case "n", "no", "false": return .bool(false)
            default: throw Problem("gives \(key) as \(text); write y or n")
            }
        case .list:
            return .array(text.split(separator: "|").map { .string($0.trimmingCharacters(in: .whitespaces)) })
        }
    }
}
