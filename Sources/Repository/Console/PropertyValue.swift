import HTTPSupport
import JSON

/// A stored property value written for people (the `property-value` template), guided by its
/// field's type: text as text, dates in UTC, lists as numbered lists, complex values as their
/// fields, and blobs as download links with their type and size; unset values and empty lists
/// read "not set".
///
/// Exactly one part is set. The parts that may be missing are arrays of none or one rather
/// than optionals: Mustache looks a missing name up in the enclosing values, so a list item's
/// unset part would otherwise show its parent's.
struct PropertyValue: Sendable {
    /// A blob's download link.
    struct BlobLink: Sendable {
        /// The download's URL.
        let href: String
        /// The file's name.
        let name: String
        /// The file's media type.
        let mimeType: String
        /// The file's size.
        let size: DisplayText.Size
    }

    /// One field of a complex value.
    struct Field: Sendable {
        /// The field's name.
        let name: String
        /// Its value.
        let value: PropertyValue
    }

    /// Whether the value is unset (or an empty list).
    var isNotSet = false
    /// The value as text.
    var text: [String] = []
    /// The value as an instant.
    var time: [ConsoleTime] = []
    /// The value as a blob.
    var blob: [BlobLink] = []
    /// The items of a list, in order; never empty.
    var items: [PropertyValue] = []
    /// Whether the value is complex (its ``fields``, possibly none).
    var isComplex = false
    /// The fields of a complex value, by name.
    var fields: [Field] = []

    /// `value`, the value of a field of `type` at `xpath` (`dc:title`, `files:files/0/file`)
    /// of the document whose id is `documentID`, whose blobs the links download.
    init(_ value: JSONValue?, type: FieldType, xpath: String, documentID: String) {
        switch (type, value ?? .null) {
        case (_, .null):
            isNotSet = true
        case (.blob, let value):
            guard let blob = BlobInfo(value) else {
                self = PropertyValue(generic: value)
                return
            }
            let href = ConsoleLink.blob(documentID: documentID, xpath: xpath)
            self.blob = [BlobLink(href: href, name: blob.name, mimeType: blob.mimeType, size: DisplayText.Size(blob.length))]
        case (.list(let item), .array(let values)):
            guard !values.isEmpty else {
                isNotSet = true
                return
            }
            items = values.enumerated().map { PropertyValue($1, type: item, xpath: "\(xpath)/\($0)", documentID: documentID) }
        case (.complex(let types), .object(let values)):
            isComplex = true
            fields = types.sorted { $0.key < $1.key }.map { name, type in
                Field(name: name, value: PropertyValue(values[name], type: type, xpath: "\(xpath)/\(name)", documentID: documentID))
            }
        case (.date, .string(let text)):
            if let date = NuxeoDate.parse(text) {
                time = [ConsoleTime(date, to: .minute)]
            } else {
                self.text = [text]
            }
        case (.boolean, .bool(let flag)):
            text = [flag ? "Yes" : "No"]
        case (_, let value):
            self = PropertyValue(generic: value)
        }
    }

    /// A value whose shape does not match its field's type, written plainly.
    private init(generic value: JSONValue) {
        switch value {
        case .null: isNotSet = true
        case .bool(let flag): text = [flag ? "true" : "false"]
        case .integer(let number): text = [String(number)]
        case .number(let number): text = [String(number)]
        case .string(let string): text = [string]
        case .array(let values):
            if values.isEmpty { isNotSet = true } else { items = values.map(PropertyValue.init(generic:)) }
        case .object(let values):
            isComplex = true
            fields = values.sorted { $0.key < $1.key }.map { Field(name: $0.key, value: PropertyValue(generic: $0.value)) }
        }
    }
}
