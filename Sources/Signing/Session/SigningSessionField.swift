import Foundation
import JSON

/// A field of the signing page's session, as signing-page.js reads it: every member present,
/// `null` where the field has no value for it. A field the server computes (a locked sign
/// date, a formula) carries the computed value and is `read_only`.
struct SigningSessionField: Encodable, Sendable {
    /// The field's id.
    let id: String
    /// Its type.
    let type: String
    /// The page, counted from 1 across the document's files.
    let page: Int
    /// The left edge.
    let x: Coordinate
    /// The top edge.
    let y: Coordinate
    /// The width.
    let width: Coordinate
    /// The height.
    let height: Coordinate
    /// Whether the recipient must fill it.
    let required: Bool
    /// Its label.
    let label: String?
    /// Its value, computed or given, whatever JSON it is.
    let value: JSONValue
    /// The options of a select field.
    let options: [String]
    /// The option chosen unless the recipient picks another.
    let defaultOption: String?
    /// Whether a select field takes the recipient's own text.
    let allowOther: Bool
    /// The format of a date field.
    let dateFormat: String?
    /// Whether a date field keeps the signing date.
    let lockSignDate: Bool
    /// The validation of a text field, `none` without one.
    let validation: String
    /// Its name.
    let name: String?
    /// The id the client gave it.
    let apiID: String?
    /// Whether the field keeps its width.
    let fixedWidth: Bool
    /// Whether the server computes its value.
    let readOnly: Bool

    enum CodingKeys: String, CodingKey {
        case id, type, page, x, y, width, height, required, label, value, options, validation, name
        case defaultOption = "default_option"
        case allowOther = "allow_other"
        case dateFormat = "date_format"
        case lockSignDate = "lock_sign_date"
        case apiID = "api_id"
        case fixedWidth = "fixed_width"
        case readOnly = "read_only"
    }

    /// `field` of `recipient`, with its value as of `now`.
    init(_ field: DocumentField, recipient: DocumentRecipient, now: Date) {
        let computed = FieldFilling.computedValue(of: field, recipient: recipient, at: now)
        id = field.id
        type = field.type.rawValue
        page = field.pageIndex + 1
        x = Coordinate(field.x)
        y = Coordinate(field.y)
        width = Coordinate(field.width)
        height = Coordinate(field.height)
        required = field.required
        label = field.label
        value = computed.map(JSONValue.string) ?? field.value ?? .null
        options = field.options.map(\.name)
        defaultOption = field.defaultOption
        allowOther = field.allowOther
        dateFormat = field.dateFormat?.rawValue
        lockSignDate = field.lockSignDate
        validation = (field.validation ?? .none).rawValue
        name = field.name
        apiID = field.apiID
        fixedWidth = field.fixedWidth
        readOnly = computed != nil
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(type, forKey: .type)
        try container.encode(page, forKey: .page)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
        try container.encode(required, forKey: .required)
        try container.encode(label, forKey: .label)
        try container.encode(value, forKey: .value)
        try container.encode(options, forKey: .options)
        try container.encode(defaultOption, forKey: .defaultOption)
        try container.encode(allowOther, forKey: .allowOther)
        try container.encode(dateFormat, forKey: .dateFormat)
        try container.encode(lockSignDate, forKey: .lockSignDate)
        try container.encode(validation, forKey: .validation)
        try container.encode(name, forKey: .name)
        try container.encode(apiID, forKey: .apiID)
        try container.encode(fixedWidth, forKey: .fixedWidth)
        try container.encode(readOnly, forKey: .readOnly)
    }
}
