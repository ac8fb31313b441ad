import HTTPSupport
import JSON

/// Writes a stored property value for people, guided by its field's type: text as text, dates
/// in UTC, lists as numbered lists, complex values as their fields, and blobs as download links
/// with their type and size.
struct PropertyValueHTML: Sendable {
    /// The document the values belong to, whose blobs the links download.
    let documentID: String

    /// The HTML of `value`, the value of a field of `type` at `xpath` (`dc:title`,
    /// `files:files/0/file`); unset values and empty lists read "not set".
    func html(_ value: JSONValue?, type: FieldType, xpath: String) -> String {
        switch (type, value ?? .null) {
        case (_, .null):
            return Self.notSet
        case (.blob, let value):
            guard let blob = BlobInfo(value) else { return Self.generic(value) }
            let href = ConsoleLink.blob(documentID: documentID, xpath: xpath)
            return "<a class=\"blob\" href=\"\(href.htmlEscaped)\">\(blob.name.htmlEscaped)</a> "
                + "<span class=\"meta\">\(blob.mimeType.htmlEscaped) · \(DisplayText.size(blob.length))</span>"
        case (.list(let item), .array(let items)):
            guard !items.isEmpty else { return Self.notSet }
            let entries = items.enumerated().map { "<li>\(html($1, type: item, xpath: "\(xpath)/\($0)"))</li>" }
            return "<ol>\(entries.joined())</ol>"
        case (.complex(let fields), .object(let values)):
            let entries = fields.sorted { $0.key < $1.key }.map { name, type in
                "<dt>\(name.htmlEscaped)</dt><dd>\(html(values[name], type: type, xpath: "\(xpath)/\(name)"))</dd>"
            }
            return "<dl class=\"complex\">\(entries.joined())</dl>"
        case (.date, .string(let text)):
            return DisplayText.date(text: text)
        case (.boolean, .bool(let flag)):
            return flag ? "Yes" : "No"
        case (_, let value):
            return Self.generic(value)
        }
    }

    private static let notSet = "<span class=\"empty\">not set</span>"

    /// A value whose shape does not match its field's type, written plainly.
    private static func generic(_ value: JSONValue) -> String {
        switch value {
        case .null: return notSet
        case .bool(let flag): return flag ? "true" : "false"
        case .integer(let number): return String(number)
        case .number(let number): return String(number).htmlEscaped
        case .string(let text): return text.htmlEscaped
        case .array(let items): return items.isEmpty ? notSet : "<ol>\(items.map { "<li>\(generic($0))</li>" }.joined())</ol>"
        case .object(let fields):
            let entries = fields.sorted { $0.key < $1.key }.map { "<dt>\($0.key.htmlEscaped)</dt><dd>\(generic($0.value))</dd>" }
            return "<dl class=\"complex\">\(entries.joined())</dl>"
        }
    }
}
