import Foundation
import JSON

/// A value the sender sets on a field before any recipient sees it: a template field's
/// `value`, a document-from-template request's `template_fields`, a bulk-send CSV cell.
///
/// Values are checked against the field and stored the way signing reads them: checkboxes as
/// booleans (`t`, `yes`, `1`, … count as ticked), everything else as text. A date given in
/// ISO 8601 (`2025-03-31`) is written in the field's date format.
enum FieldPreset {
    /// Why a value cannot be set on a field.
    struct Refusal: Error, Equatable {
        /// What is wrong, as a phrase that follows the value's path (`must be true or false`).
        let message: String
    }

    /// The longest preset text, as for values recipients type.
    static let maximumLength = 1000

    /// `value` as `field` stores it, or `nil` when it sets nothing (`null`).
    static func value(_ value: JSONValue, for field: DocumentField) -> Result<JSONValue?, Refusal> {
        if value == .null { return .success(nil) }
        switch field.type {
        case .signature, .initials:
            return .failure(Refusal(message: "cannot be set: \(field.type.rawValue) fields are signed by their recipient"))
        case .autofillCompany, .autofillEmail, .autofillFirstName, .autofillLastName, .autofillName, .autofillPhone,
            .autofillTitle, .autofillDateSigned:
            return .failure(Refusal(message: "cannot be set: \(field.type.rawValue) fields are filled in from the recipient"))
        case .checkbox:
            return checkbox(value).map { .bool($0) }
        case .date, .text, .select, .dropdown:
            return text(value, for: field).map { .string($0) }
        }
    }

    private static func checkbox(_ value: JSONValue) -> Result<Bool, Refusal> {
        switch value {
        case .bool(let ticked): return .success(ticked)
        case .integer(1): return .success(true)
        case .integer(0): return .success(false)
        case .string(let text):
            switch text.trimmingCharacters(in: .whitespaces).lowercased() {
            case "t", "true", "yes", "y", "1", "x", "on", "checked": return .success(true)
            case "f", "false", "no", "n", "0", "", "off", "unchecked": return .success(false)
            default: break
            }
        default: break
        }
        return .failure(Refusal(message: "must be true or false for a checkbox"))
    }

    private static func text(_ value: JSONValue, for field: DocumentField) -> Result<String, Refusal> {
        var text: String
        switch value {
        case .string(let string): text = string
        case .integer(let number): text = String(number)
        case .number(let number): text = DocumentRenderer.dimension(number)
        default: return .failure(Refusal(message: "must be a string or a number"))
        }
        if text.count > maximumLength { return .failure(Refusal(message: "is too long (at most \(maximumLength) characters)")) }
        switch field.type {
        case .date:
            if field.lockSignDate { return .failure(Refusal(message: "cannot be set: the date is the signing date")) }
            if let date = isoDate(text) { text = (field.dateFormat ?? .monthDayYear).format(date) }
        case .select, .dropdown:
            if !field.allowOther && !field.options.contains(where: { $0.name == text }) {
                let names = field.options.map(\.name).joined(separator: ", ")
                return .failure(Refusal(message: "must be one of the options: \(names)"))
            }
        default:
            if let validation = field.validation, !text.isEmpty, !validation.accepts(text) {
                return .failure(Refusal(message: validation.failureMessage))
            }
        }
        return .success(text)
    }

    /// `text` read as an ISO 8601 date (`2025-03-31`) or date and time, or `nil`.
    private static func isoDate(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let date = try? Date(trimmed, strategy: Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!).year().month().day()) {
            return date
        }
        return try? Date(trimmed, strategy: .iso8601)
    }
}
